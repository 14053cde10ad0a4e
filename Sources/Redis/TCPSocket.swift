import Foundation

/// A connected, non-blocking TCP socket, closed with its owner.
///
/// Reads and writes never block: they return what moved now, and `wait`
/// polls until the socket is ready or a timeout passes. Writes use
/// `MSG_NOSIGNAL`, so a peer that has gone raises no SIGPIPE.
final class TCPSocket {
    enum Readiness {
        case readable
        case writable
    }

    let descriptor: Int32
    /// "host:port", for messages.
    let peer: String

    private init(descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
    }

    deinit {
        close(descriptor)
    }

    /// Resolves `host` (IPv4 addresses first, as hiredis does) and connects to the
    /// first address that accepts, waiting at most `timeout` for each.
    static func connect(host: String, port: Int, timeout: Duration) throws -> TCPSocket {
        let peer = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            let reason = status == EAI_SYSTEM ? errnoText(errno) : String(cString: gai_strerror(status))
            throw RedisError(kind: .connection, message: "\(peer): cannot resolve the host: \(reason)")
        }
        defer { freeaddrinfo(list) }
        var addresses: [addrinfo] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            addresses.append(entry.pointee)
            cursor = entry.pointee.ai_next
        }
        addresses.sort { $0.ai_family == AF_INET && $1.ai_family != AF_INET }

        var failure = "no address"
        for address in addresses {
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            let descriptor = socket(address.ai_family, type, 0)
            guard descriptor >= 0 else {
                failure = errnoText(errno)
                continue
            }
            let candidate = TCPSocket(descriptor: descriptor, peer: peer)
            if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
                let code = errno
                guard code == EINPROGRESS else {
                    failure = errnoText(code)
                    continue
                }
                guard candidate.wait(.writable, timeout: timeout) else {
                    failure = "no connection within \(timeoutText(timeout))"
                    continue
                }
                var pending: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length)
                guard pending == 0 else {
                    failure = errnoText(pending)
                    continue
                }
            }
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            return candidate
        }
        throw RedisError(kind: .connection, message: "\(peer): \(failure)")
    }

    /// Waits until the socket is ready (or has an error or hang-up to report); false after `timeout`.
    func wait(_ readiness: Readiness, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var entry = pollfd(fd: descriptor, events: Int16(readiness == .readable ? POLLIN : POLLOUT), revents: 0)
        while true {
            let left = deadline - ContinuousClock.now
            let result = poll(&entry, 1, milliseconds(max(left, .zero)))
            if result > 0 { return true }
            if result == 0 { return false }
            // Interrupted: poll again for the time left; any other failure is reported by the next read or write.
            if errno != EINTR { return true }
        }
    }

    /// Writes what the socket takes now: the byte count, 0 when it would block.
    func send(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        while true {
            let sent = Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if sent >= 0 { return sent }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return 0 }
            throw RedisError(kind: .io, message: "\(peer): write failed: \(errnoText(code))")
        }
    }

    /// Reads what has arrived: the byte count, nil when nothing has yet, 0 when the peer closed.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        while true {
            let received = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if received >= 0 { return received }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return nil }
            throw RedisError(kind: .io, message: "\(peer): read failed: \(errnoText(code))")
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name (no SNI for those).
    static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

/// `strerror` of an errno value.
func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// A timeout in words: "5 s", "300 ms".
func timeoutText(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    return fraction == 0 ? "\(whole) s" : "\(whole * 1000 + fraction / 1_000_000_000_000_000) ms"
}

/// A duration as poll(2)'s milliseconds, rounded up.
private func milliseconds(_ duration: Duration) -> Int32 {
    let (whole, fraction) = duration.components
    let total = whole * 1000 + (fraction + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: total)
}
