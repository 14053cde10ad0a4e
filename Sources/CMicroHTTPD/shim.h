#include <microhttpd.h>
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call:
// these non-variadic wrappers pass exactly the options mirror-bot's status server uses.

/// The hard limits a daemon starts with.
typedef struct mirror_mhd_limits {
    /// Connections open at once, in all.
    unsigned int connection_limit;
    /// Connections open at once from one IP address.
    unsigned int per_ip_connection_limit;
    /// Seconds a connection may stay idle (no byte read or written) before it is closed.
    unsigned int connection_timeout_seconds;
    /// Bytes of memory per connection, request line and headers included (more: 431 or closed).
    size_t connection_memory_limit;
    /// Threads that poll and answer (1: one internal epoll thread).
    unsigned int threads;
} mirror_mhd_limits;

/// Leaves the path exactly as the client sent it: no %XX decoding, so "%00" can never cut a path short.
static size_t mirror_mhd_keep_escapes(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

/// Starts a daemon on its own threads, listening on `address` (an IPv4 or IPv6 literal) at `port`
/// (0: any free port). NULL when the address is not a literal (errno EINVAL) or the socket
/// cannot be bound (errno from bind, e.g. EADDRINUSE).
static inline struct MHD_Daemon *mirror_mhd_start(
    const char *address, uint16_t port, mirror_mhd_limits limits, MHD_AccessHandlerCallback handler, void *handler_context) {
    struct sockaddr_in ipv4;
    struct sockaddr_in6 ipv6;
    struct sockaddr *socket_address;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO;
    memset(&ipv4, 0, sizeof ipv4);
    memset(&ipv6, 0, sizeof ipv6);
    if (inet_pton(AF_INET, address, &ipv4.sin_addr) == 1) {
        ipv4.sin_family = AF_INET;
        ipv4.sin_port = htons(port);
        socket_address = (struct sockaddr *)&ipv4;
    } else if (inet_pton(AF_INET6, address, &ipv6.sin6_addr) == 1) {
        ipv6.sin6_family = AF_INET6;
        ipv6.sin6_port = htons(port);
        socket_address = (struct sockaddr *)&ipv6;
        flags |= MHD_USE_IPv6;
    } else {
        errno = EINVAL;
        return NULL;
    }
    errno = 0;
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, socket_address,
        MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_ip_connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, limits.connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory_limit,
        MHD_OPTION_THREAD_POOL_SIZE, limits.threads > 1 ? limits.threads : 0u,
        MHD_OPTION_UNESCAPE_CALLBACK, mirror_mhd_keep_escapes, NULL,
        MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one chosen when started with port 0); 0 when unknown.
static inline uint16_t mirror_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
