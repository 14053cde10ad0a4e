import Foundation
import HTTPExchange
import StatusServer
import Synchronization
import Testing
import TestSupport

/// The libmicrohttpd server on a real loopback socket, with no service behind it.
@Suite("StatusServer over libmicrohttpd")
struct StatusServerTests {
    /// Echoes the method and path it saw; counts calls.
    final class Echo: Sendable {
        let seen = Mutex<[HTTPRequestHead]>([])
        var handler: StatusServer.Handler {
            { request in
                self.seen.withLock { $0.append(request) }
                let body = Array("\(request.method) \(request.path)\n".utf8)
                return HTTPReply(status: request.path == "/missing" ? 404 : 200, headers: [.init("Content-Type", "text/plain"), .init("X-Test", "yes")], body: body)
            }
        }
    }

    static func limits(_ change: (inout StatusServerLimits) -> Void = { _ in }) -> StatusServerLimits {
        var limits = StatusServerLimits()
        change(&limits)
        return limits
    }

    @Test("port 0 listens on a free port; the handler's status, headers and body are sent")
    func answers() throws {
        let echo = Echo()
        let server = try StatusServer(address: "127.0.0.1", port: 0, handler: echo.handler)
        #expect(server.port > 0)
        let response = try HTTPProbe.get("/metrics?x=1", port: server.port)
        #expect(response.status == 200)
        #expect(response.headers["x-test"] == "yes")
        #expect(response.body == "GET /metrics\n")
        #expect(try HTTPProbe.get("/missing", port: server.port).status == 404)
    }

    @Test("HEAD gets the headers, with the length of the body, and no body")
    func head() throws {
        let server = try StatusServer(address: "127.0.0.1", port: 0, handler: Echo().handler)
        let response = try HTTPProbe.request("HEAD", "/", port: server.port)
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "\("HEAD /\n".utf8.count)")
        #expect(response.body.isEmpty)
    }

    @Test("paths are passed exactly as sent: %00 and .. are not decoded")
    func rawPaths() throws {
        let echo = Echo()
        let server = try StatusServer(address: "127.0.0.1", port: 0, handler: echo.handler)
        _ = try HTTPProbe.get("/metrics%00.html", port: server.port)
        _ = try HTTPProbe.get("/../../etc/passwd", port: server.port)
        #expect(echo.seen.withLock { $0.map(\.path) } == ["/metrics%00.html", "/../../etc/passwd"])
    }

    @Test("one connection serves several requests (keep-alive)")
    func keepAlive() throws {
        let server = try StatusServer(address: "127.0.0.1", port: 0, handler: Echo().handler)
        let connection = try HTTPProbe.Connection(port: server.port)
        connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let text = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(text.components(separatedBy: "HTTP/1.1 200").count == 3, "\(text)")
        #expect(text.contains("GET /a\n") && text.contains("GET /b\n"))
    }

    @Test("a POST is answered from its headers; its body is never read in; a GET's body is dropped")
    func bodies() throws {
        let echo = Echo()
        let server = try StatusServer(address: "127.0.0.1", port: 0, handler: echo.handler)
        let post = try HTTPProbe.request("POST", "/", port: server.port, headers: ["Content-Length: 5000000"])
        #expect(post.body == "POST /\n")
        let connection = try HTTPProbe.Connection(port: server.port)
        connection.send("GET /with-body HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\nConnection: close\r\n\r\nhello world")
        #expect(String(decoding: connection.readToEnd(), as: UTF8.self).contains("GET /with-body\n"))
    }

    @Test("headers beyond the memory limit are refused, and the server goes on answering")
    func oversizedHeaders() throws {
        let server = try StatusServer(address: "127.0.0.1", port: 0, limits: Self.limits { $0.memoryPerConnection = 16 * 1024 }, handler: Echo().handler)
        let connection = try HTTPProbe.Connection(port: server.port)
        let huge = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 200_000) + "\r\n\r\n"
        connection.send(huge)  // may fail half-way: the server closes on us
        let answer = HTTPProbe.parse(connection.readToEnd())
        #expect(answer == nil || (400..<500).contains(answer?.status ?? 0), "\(String(describing: answer))")
        #expect(try HTTPProbe.get("/", port: server.port).status == 200)
    }

    @Test("a client that stops sending is closed after the idle timeout; others are answered meanwhile")
    func slowClient() throws {
        let server = try StatusServer(address: "127.0.0.1", port: 0, limits: Self.limits { $0.idleTimeoutSeconds = 1 }, handler: Echo().handler)
        let slow = try HTTPProbe.Connection(port: server.port, timeout: 5)
        slow.send("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        #expect(try HTTPProbe.get("/", port: server.port).status == 200)
        let started = Date()
        #expect(slow.closedByServer())
        #expect(Date().timeIntervalSince(started) < 4.5)
    }

    @Test("connections beyond the per-IP limit are refused; once they go, requests are answered again")
    func connectionLimit() throws {
        let server = try StatusServer(address: "127.0.0.1", port: 0, limits: Self.limits { $0.connectionsPerIP = 4 }, handler: Echo().handler)
        let held = try (0..<4).map { _ in try HTTPProbe.Connection(port: server.port, timeout: 2) }
        for connection in held { connection.send("GET / HTTP/1.1\r\nHost: x\r\n") }
        // The fifth is accepted by the kernel and closed at once by the server, unanswered.
        let refused = try HTTPProbe.Connection(port: server.port, timeout: 2)
        refused.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(HTTPProbe.parse(refused.readToEnd()) == nil)
        held.forEach { $0.close() }
        // Waits for the server to notice the closes (up to 10 s on a loaded machine).
        var answered = false
        for _ in 0..<200 where !answered {
            answered = (try? HTTPProbe.get("/", port: server.port))?.status == 200
            if !answered { usleep(50_000) }
        }
        #expect(answered)
    }

    @Test("an address that is not an IP, or a port already in use, is an error saying so")
    func startErrors() throws {
        #expect(throws: StatusServerError.self) { try StatusServer(address: "localhost", port: 0, handler: Echo().handler) }
        let first = try StatusServer(address: "127.0.0.1", port: 0, handler: Echo().handler)
        do {
            _ = try StatusServer(address: "127.0.0.1", port: first.port, handler: Echo().handler)
            Issue.record("a second server bound the same port")
        } catch let error as StatusServerError {
            #expect(error.description.contains("port \(first.port)"))
            #expect(error.description.lowercased().contains("in use"), "\(error)")
        }
    }

    @Test("after stop() the port is closed")
    func stops() throws {
        let server = try StatusServer(address: "127.0.0.1", port: 0, handler: Echo().handler)
        let port = server.port
        server.stop()
        #expect(throws: HTTPProbe.ProbeError.self) { try HTTPProbe.Connection(port: port) }
    }
}
