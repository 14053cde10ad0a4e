import Foundation

/// A listening socket that never accepts, its backlog filled: a new
/// connection to it neither succeeds nor fails (Linux drops the SYN), as
/// with a firewall that drops packets. For connect-timeout tests.
final class FullBacklogListener {
    let port: Int
    private let listener: Int32
    private var fillers: [Int32] = []

    init() throws {
        let (listener, bound) = try LoopbackListener.open(backlog: 0)
        var address = bound
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
