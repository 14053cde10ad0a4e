import Foundation

/// Turns one connection's bytes into its requests, in order, pipelined ones too: a head up to
/// its blank line (at most `maxHeadSize` bytes, UTF-8), then a `Content-Length` body (at most
/// `maxBodySize`; none without the header). It is fed bytes as they come and never owns the
/// socket, so tests feed it fixtures. A `Transfer-Encoding` body is not read: malformed.
struct HTTPRequestParser {
    enum Event {
        /// A whole request; `keepAlive`: the connection serves another after it (HTTP/1.1
        /// unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`).
        case request(HTTPRequest, keepAlive: Bool)
        /// The head asked `Expect: 100-continue` and its body has not all come: tell it to go on.
        case continueExpected
        case needMore
        /// Not HTTP/1.x, too large, or a body it cannot measure: answer 400 and close.
        case malformed
    }

    static let maxHeadSize = 1 << 20
    /// A body may be larger than the head: an upload over a fake's own limit (Bluesky's PDS
    /// 5 MiB, Mastodon's 99 MiB video) reaches the fake, which refuses it as its platform does.
    static let maxBodySize = 1 << 27

    private struct Head {
        var method: String
        var target: String
        var headers: [String: String]
        var bodyStart: Int
        var length: Int
        var keepAlive: Bool
        var awaitsContinue: Bool
    }

    private var buffer: [UInt8] = []
    /// The first byte of the request not yet returned.
    private var start = 0
    /// Where the search for the head's blank line goes on.
    private var scanned = 0
    private var head: Head?
    private var failed = false

    /// Whether bytes of a request not yet whole have come.
    var hasPartialRequest: Bool { buffer.count > start }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    mutating func append(_ text: String) {
        buffer.append(contentsOf: Array(text.utf8))
    }

    /// The next request, or what the connection has to do before there is one.
    mutating func next() -> Event {
        guard !failed else { return .malformed }
        if head == nil {
            guard let end = headEnd() else {
                if buffer.count - start >= Self.maxHeadSize { failed = true }
                return failed ? .malformed : .needMore
            }
            guard let parsed = parseHead(start..<end) else {
                failed = true
                return .malformed
            }
            head = parsed
            buffer.reserveCapacity(parsed.bodyStart + parsed.length)
        }
        guard let current = head else { return .needMore }
        guard buffer.count - current.bodyStart >= current.length else {
            if current.awaitsContinue {
                head?.awaitsContinue = false
                return .continueExpected
            }
            return .needMore
        }
        let end = current.bodyStart + current.length
        let body = Data(buffer[current.bodyStart..<end])
        start = end
        scanned = end
        head = nil
        compact()
        let request = HTTPRequest(method: current.method, target: current.target, headers: current.headers, body: body)
        return .request(request, keepAlive: current.keepAlive)
    }

    /// The index of the blank line's first byte, searching only bytes not searched before.
    private mutating func headEnd() -> Int? {
        let from = max(start, scanned)
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            var index = from
            while index + 3 < bytes.count {
                if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index }
                index += 1
            }
            return nil
        }
        if found == nil { scanned = max(start, buffer.count - 3) }
        return found
    }

    private func parseHead(_ range: Range<Int>) -> Head? {
        guard let text = String(bytes: buffer[range], encoding: .utf8), let parsed = HTTPRequest.parseHead(text) else { return nil }
        let headers = parsed.headers
        if let coding = headers["transfer-encoding"], coding.lowercased() != "identity" { return nil }
        var length = 0
        if let given = headers["content-length"] {
            guard let value = Int(given), value >= 0, value <= Self.maxBodySize else { return nil }
            length = value
        }
        let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let keepAlive = parsed.version == "HTTP/1.0" ? tokens.contains("keep-alive") : !tokens.contains("close")
        return Head(
            method: parsed.method, target: parsed.target, headers: headers, bodyStart: range.upperBound + 4, length: length,
            keepAlive: keepAlive, awaitsContinue: headers["expect"]?.lowercased() == "100-continue")
    }

    /// Lets go of the bytes of requests returned: all of them once nothing else is held, else
    /// when they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            if buffer.capacity > 1 << 16 { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
        } else if start > 1 << 16, start > buffer.count / 2 {
            buffer.removeFirst(start)
        } else {
            return
        }
        start = 0
        scanned = 0
    }
}
