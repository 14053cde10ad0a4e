import Foundation

/// A TCP socket listening on a free port of a loopback address: what the test servers here
/// (`LoopbackProxy`, `FullBacklogListener`) accept on, or refuse to.
enum LoopbackListener {
    /// Binds `host` (any 127.x.y.z on Linux) at a free port and listens with `backlog`
    /// (`reuseAddress`: SO_REUSEADDR first); returns the socket and its address, port included.
    static func open(host: String = "127.0.0.1", backlog: Int32, reuseAddress: Bool = false) throws -> (socket: Int32, address: sockaddr_in) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if reuseAddress {
            var on: Int32 = 1
            setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, host, &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, backlog) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        guard ready else {
            close(listener)
            throw LoopbackProxy.ProxyError(message: "cannot listen on \(host): \(String(cString: strerror(errno)))")
        }
        return (listener, address)
    }
}
