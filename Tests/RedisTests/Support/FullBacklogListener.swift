import Foundation

/// A listening socket that never accepts, its backlog filled: a new
/// connection to it neither succeeds nor fails (Linux drops the SYN), as
/// with a firewall that drops packets. For connect-timeout tests.
final class FullBacklogListener {
    let port: Int
    private let listener: Int32
    private var fillers: [Int32] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        guard ready else {
            close(listener)
            throw LoopbackProxy.ProxyError(message: "cannot listen: \(String(cString: strerror(errno)))")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        // Fill the accept queue (backlog 0 holds one or two) with connections nobody accepts.
        for _ in 0..<4 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fillers.append(filler)
        }
        usleep(100_000)
    }

    deinit {
        fillers.forEach { close($0) }
        close(listener)
    }
}
