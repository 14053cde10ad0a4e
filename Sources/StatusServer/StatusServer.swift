import CMicroHTTPD
import Foundation
import HTTPExchange

/// A small HTTP server on GNU libmicrohttpd's own threads (one epoll thread by
/// default), answering every request from `handler` at once, with hard limits on
/// connections, idle time and memory per connection (`StatusServerLimits`).
///
/// The handler runs on the server's thread: it must be quick and never block
/// (copy a snapshot and render it). The server stops when this object goes away
/// (or at `stop()`), waiting for its threads to finish.
///
///     let server = try StatusServer(address: "127.0.0.1", port: 0) { request in
///         HTTPReply(status: 200, headers: [.init("Content-Type", "text/plain")], body: Array("ok\n".utf8))
///     }
///     print(server.port)
public final class StatusServer {
    public typealias Handler = @Sendable (HTTPRequestHead) -> HTTPReply

    /// The port listened on (the one the system chose when started with port 0).
    public let port: Int
    public let address: String
    private var daemon: OpaquePointer?
    private let context: Unmanaged<HandlerBox>

    public init(address: String, port: Int, limits: StatusServerLimits = StatusServerLimits(), handler: @escaping Handler) throws {
        guard let requested = UInt16(exactly: port) else {
            throw StatusServerError(address: address, port: port, reason: "not a port number (0-65535)")
        }
        let context = Unmanaged.passRetained(HandlerBox(handler))
        let options = mirror_mhd_limits(
            connection_limit: limits.connections, per_ip_connection_limit: limits.connectionsPerIP,
            connection_timeout_seconds: limits.idleTimeoutSeconds, connection_memory_limit: limits.memoryPerConnection,
            threads: limits.threads)
        guard let daemon = mirror_mhd_start(address, requested, options, statusServerAnswer, context.toOpaque()) else {
            let code = errno
            context.release()
            let reason = code == EINVAL ? "not an IPv4 or IPv6 address" : (code == 0 ? "libmicrohttpd refused to start" : String(cString: strerror(code)))
            throw StatusServerError(address: address, port: port, reason: reason)
        }
        self.daemon = daemon
        self.context = context
        self.address = address
        self.port = Int(mirror_mhd_bound_port(daemon))
    }

    /// Stops listening and waits for the server's threads; open connections are closed.
    public func stop() {
        guard let daemon else { return }
        self.daemon = nil
        MHD_stop_daemon(daemon)
    }

    deinit {
        stop()
        context.release()
    }
}

/// The handler, kept alive for the C callbacks by the server's retained reference.
final class HandlerBox: Sendable {
    let handler: StatusServer.Handler
    init(_ handler: @escaping StatusServer.Handler) { self.handler = handler }
}

/// libmicrohttpd's access handler. A GET or HEAD is answered once the request is complete (so the
/// connection can be kept alive), any body it carries read and dropped; any other method is
/// answered as soon as its headers are in (the rest is discarded and the connection closed).
private let statusServerAnswer: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, uploadSize, state in
    guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let name = String(cString: method)
    let readable = name == "GET" || name == "HEAD"
    if readable, state.pointee == nil {
        state.pointee = context  // headers seen: wait for the end of the request
        return .YES
    }
    if readable, uploadSize.pointee > 0 {
        uploadSize.pointee = 0  // a body on a GET: dropped
        return .YES
    }
    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
    let reply = box.handler(HTTPRequestHead(method: name, path: String(cString: url)))
    let response = reply.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    for header in reply.headers {
        _ = MHD_add_response_header(response, header.name, header.value)
    }
    return MHD_queue_response(connection, UInt32(reply.status), response)
}
