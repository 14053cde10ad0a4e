/// RESP bytes over plain TCP.
final class PlainTransport: RedisTransport {
    private let socket: TCPSocket
    let security = RedisTransportSecurity.plainTCP

    init(socket: TCPSocket) {
        self.socket = socket
    }

    func write(_ bytes: [UInt8], timeout: Duration) throws {
        try bytes.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let sent = try socket.send(UnsafeRawBufferPointer(rebasing: all[offset...]))
                offset += sent
                if sent == 0, !socket.wait(.writable, timeout: timeout) {
                    throw RedisError(kind: .io, message: "\(socket.peer): could not write for \(timeoutText(timeout))")
                }
            }
        }
    }

    func read(maxLength: Int, timeout: Duration) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: maxLength) { buffer, count in
            while true {
                switch try socket.receive(into: UnsafeMutableRawBufferPointer(buffer)) {
                case nil:
                    guard socket.wait(.readable, timeout: timeout) else {
                        throw RedisError(kind: .io, message: "\(socket.peer): no answer within \(timeoutText(timeout))")
                    }
                case 0:
                    throw RedisError(kind: .io, message: "\(socket.peer): the server closed the connection")
                case let received?:
                    count = received
                    return
                }
            }
        }
    }
}
