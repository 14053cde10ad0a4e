import Foundation

/// A raw HTTP/1.1 client over a plain socket, for tests of the status server:
/// well-behaved requests (`get`) and hostile ones (`Connection`: slow, oversized,
/// many at once). No URLSession: tests need to send exactly the bytes they mean.
public enum HTTPProbe {
    public struct Response: Sendable {
        public var status: Int
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: String
    }

    public struct ProbeError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `method path` with `Connection: close` and reads the whole answer.
    public static func request(_ method: String, _ path: String, port: Int, headers: [String] = [], timeout: TimeInterval = 10) throws -> Response {
        let connection = try Connection(port: port, timeout: timeout)
        defer { connection.close() }
        let head = (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers).joined(separator: "\r\n")
        guard connection.send(head + "\r\n\r\n") else { throw ProbeError(description: "the server closed before the request was sent") }
        let bytes = connection.readToEnd()
        guard let response = parse(bytes) else { throw ProbeError(description: "no HTTP answer: \(String(decoding: bytes, as: UTF8.self))") }
        return response
    }

    public static func get(_ path: String, port: Int) throws -> Response { try request("GET", path, port: port) }

    /// The status line, headers and body of a complete answer.
    public static func parse(_ bytes: [UInt8]) -> Response? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
        guard let status else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// The port of a `url=http://127.0.0.1:PORT/` in a log.
    public static func port(inLog log: String, event: String = "status_listening") -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("event=\(event) ") }),
            let range = line.range(of: #"port=\d+"#, options: .regularExpression)
        else { return nil }
        return Int(line[range].dropFirst("port=".count))
    }

    /// One TCP connection to 127.0.0.1, to send what a test wants, when it wants, and read the
    /// answers whole (to the server's close) or one at a time by their `Content-Length`, so a test
    /// sees whether the server kept the connection, closed it, or answered out of turn.
    public final class Connection: @unchecked Sendable {
        private var descriptor: Int32
        /// Bytes read and not yet returned by `readAnswer()`.
        private var pending: [UInt8] = []

        public init(port: Int, timeout: TimeInterval = 10) throws {
            // Close-on-exec: a process another test starts must not keep this connection open.
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw ProbeError(description: "socket: \(String(cString: strerror(errno)))") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                let reason = String(cString: strerror(errno))
                // Closed once: a class whose init throws still runs its deinit, which closes too; a
                // second close could take a descriptor number another test's server has reused.
                close()
                throw ProbeError(description: "connect to port \(port): \(reason)")
            }
            setTimeout(timeout)
        }

        /// How long a read waits for bytes.
        public func setTimeout(_ seconds: TimeInterval) {
            var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        }

        /// False when the server closed the connection (or reset it).
        @discardableResult
        public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

        @discardableResult
        public func send(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }

        /// Reads until the server closes the connection or a read times out.
        public func readToEnd() -> [UInt8] {
            var result: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = receive(into: &buffer)
                if count <= 0 { break }
                result += buffer[0..<count]
            }
            return result
        }

        /// The next whole answer, by its `Content-Length`; nil when the connection closed (or a read
        /// timed out) first.
        public func readAnswer() -> Response? {
            var buffer = [UInt8](repeating: 0, count: 8_192)
            while true {
                if let end = Self.blankLine(in: pending), let head = HTTPProbe.parse(Array(pending[0..<(end + 4)])) {
                    let length = head.headers["content-length"].flatMap { Int($0) } ?? 0
                    if pending.count >= end + 4 + length {
                        let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                        pending.removeFirst(end + 4 + length)
                        return Response(status: head.status, headers: head.headers, body: body)
                    }
                }
                let count = receive(into: &buffer)
                guard count > 0 else { return nil }
                pending += buffer[0..<count]
            }
        }

        /// Shuts the connection down for writing: the client has sent all it will.
        public func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

        private static func blankLine(in bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                return index
            }
            return nil
        }

        /// Waits up to the read timeout for the server to close; true when it did (EOF or reset).
        public func closedByServer() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = receive(into: &buffer)
                if count == 0 { return true }
                if count < 0 { return errno == ECONNRESET }
            }
        }

        /// One recv, retried when a signal interrupts it (another test's child process exiting sends SIGCHLD).
        private func receive(into buffer: inout [UInt8]) -> Int {
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                return count
            }
        }

        public func close() {
            guard descriptor >= 0 else { return }
            Glibc.close(descriptor)
            descriptor = -1
        }

        deinit { close() }
    }
}
