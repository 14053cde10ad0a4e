import Foundation
import Testing

@testable import FakeHTTP

@Suite struct HTTPRequestParserTests {
    /// The requests a parser fed `chunks` one after another gives, as "METHOD target body keepAlive".
    private func parse(_ chunks: [String]) -> [String] {
        var parser = HTTPRequestParser()
        var seen: [String] = []
        for chunk in chunks {
            parser.append(chunk)
            while case .request(let request, let keepAlive) = parser.next() {
                seen.append("\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self)) \(keepAlive)")
            }
        }
        return seen
    }

    @Test("pipelined requests in one read come out whole and in order, bodies by Content-Length")
    func pipelined() {
        let two = "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(parse([two]) == ["POST /a abc true", "GET /b  true"])
    }

    @Test("a request fed a byte at a time is one request once its last byte came")
    func byteByByte() {
        let text = "POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
        #expect(parse(text.map { String($0) }) == ["POST /a hello true"])
        var parser = HTTPRequestParser()
        parser.append(String(text.dropLast()))
        guard case .needMore = parser.next() else { Issue.record("a request without its last byte is not whole"); return }
        #expect(parser.hasPartialRequest)
    }

    @Test("HTTP/1.1 keeps the connection unless Connection: close; HTTP/1.0 closes unless keep-alive", arguments: [
        ("HTTP/1.1", nil, true), ("HTTP/1.1", "close", false), ("HTTP/1.1", "Keep-Alive, Close", false),
        ("HTTP/1.0", nil, false), ("HTTP/1.0", "keep-alive", true),
    ] as [(String, String?, Bool)])
    func keepAlive(version: String, connection: String?, kept: Bool) {
        let header = connection.map { "Connection: \($0)\r\n" } ?? ""
        #expect(parse(["GET / \(version)\r\n\(header)\r\n"]) == ["GET /  \(kept)"])
    }

    @Test("Expect: 100-continue is said once, while the body has not come")
    func expectContinue() {
        var parser = HTTPRequestParser()
        parser.append("PUT /up HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        guard case .continueExpected = parser.next(), case .needMore = parser.next() else {
            Issue.record("no 100 Continue, or twice")
            return
        }
        parser.append("ok")
        guard case .request(let request, _) = parser.next() else { Issue.record("no request"); return }
        #expect(request.body == Data("ok".utf8))
    }

    @Test("not HTTP, a bad or too large Content-Length, a chunked body or an endless head are malformed", arguments: [
        "hello\r\n\r\n", "GET / SPDY/3\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: ten\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 134217729\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 1 << 20),
    ])
    func malformed(text: String) {
        var parser = HTTPRequestParser()
        parser.append(text)
        guard case .malformed = parser.next() else { Issue.record("accepted \(text.prefix(60).debugDescription)"); return }
    }

    @Test("a 1.5 MiB upload in 64 KiB pieces is one request with every byte")
    func largeBody() {
        let size = 3 << 19
        var parser = HTTPRequestParser()
        parser.append("POST /api/drive/files/create HTTP/1.1\r\nContent-Length: \(size)\r\n\r\n")
        let piece = [UInt8](repeating: 7, count: 1 << 16)
        for offset in stride(from: 0, to: size, by: piece.count) {
            guard case .needMore = parser.next() else { Issue.record("whole before byte \(offset)"); return }
            piece.withUnsafeBytes { parser.append($0) }
        }
        guard case .request(let request, _) = parser.next() else { Issue.record("no request"); return }
        #expect(request.body.count == size && request.body.allSatisfy { $0 == 7 })
        #expect(!parser.hasPartialRequest)
    }
}
