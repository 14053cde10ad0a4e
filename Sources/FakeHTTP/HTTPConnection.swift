import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted connection: reads one request (headers, then a
/// `Content-Length` body), writes the handler's response, closes.
struct HTTPConnection {
    let socket: Int32
    static let maxRequestSize = 1 << 20
    /// A body may be larger than the head: an upload over a fake's own limit (Bluesky's PDS
    /// 5 MiB, Mastodon's 99 MiB video) reaches the fake, which refuses it as its platform does.
    static let maxBodySize = 1 << 27

    func serve(handler: HTTPListener.Handler) {
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest() else {
            write(HTTPResponse.text(400, "malformed HTTP request"))
            return
        }
        guard let response = handler(request) else { return }  // a dropped connection
        write(response)
    }

    private func readRequest() -> HTTPRequest? {
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while buffer.range(of: separator) == nil {
            guard buffer.count < Self.maxRequestSize else { return nil }
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        guard let end = buffer.range(of: separator),
            let head = String(data: buffer[buffer.startIndex..<end.lowerBound], encoding: .utf8),
            let parsed = HTTPRequest.parseHead(head)
        else { return nil }
        let length = parsed.headers["content-length"].flatMap { Int($0) } ?? 0
        guard length >= 0, length <= Self.maxBodySize else { return nil }
        var body = Data(buffer[end.upperBound...])
        if body.count < length, parsed.headers["expect"]?.lowercased() == "100-continue" {
            writeBytes(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        return HTTPRequest(
            method: parsed.method, target: parsed.target, headers: parsed.headers, body: Data(body.prefix(length)))
    }

    private func write(_ response: HTTPResponse) {
        writeBytes([UInt8](response.serialized()))
        shutdown(socket, Int32(SHUT_WR))
    }

    private func writeBytes(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}
