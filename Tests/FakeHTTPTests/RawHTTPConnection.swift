import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One blocking TCP connection to a listener on 127.0.0.1 that sends exactly the bytes a test
/// gives and reads answers one at a time by their `Content-Length`, so a test sees whether the
/// server kept the connection, closed it, or answered out of turn.
final class RawHTTPConnection {
    struct Answer {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: String
    }

    private var descriptor: Int32
    private var pending: [UInt8] = []

    init?(port: Int, timeout: TimeInterval = 10) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else {
            close()
            return nil
        }
        var value = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    /// False when the server closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// The next whole answer; nil when the connection closed (or a read timed out) first.
    func readAnswer() -> Answer? {
        while true {
            if let end = blankLine() {
                let head = String(decoding: pending[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = headers["content-length"].flatMap { Int($0) } ?? 0
                if pending.count >= end + 4 + length {
                    let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    pending.removeFirst(end + 4 + length)
                    let status = head.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
                    return Answer(status: status, headers: headers, body: body)
                }
            }
            guard receive() > 0 else { return nil }
        }
    }

    /// Waits up to the read timeout for the server to close; true when it did (EOF or reset).
    func closedByServer() -> Bool {
        while true {
            let count = receive()
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Shuts the connection down for writing: the client has sent all it will.
    func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    private func receive() -> Int {
        var buffer = [UInt8](repeating: 0, count: 8_192)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count > 0 { pending += buffer[0..<count] }
            return count
        }
    }

    private func blankLine() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4) where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        return nil
    }
}
