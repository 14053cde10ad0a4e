import FakeHTTP
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The listener over real sockets: keep-alive, pipelining, closing, stalled and idle clients,
/// dropped connections, stopping, and a thousand connections at once.
@Suite struct HTTPListenerTests {
    /// A listener answering "METHOD path body-length"; `/drop` drops the connection, `/slow` takes 0.5 s.
    private func listen(_ timeouts: HTTPListener.Timeouts = .init()) throws -> HTTPListener {
        let listener = try HTTPListener(port: 0, timeouts: timeouts)
        try listener.start(name: "test") { request in
            if request.path == "/drop" { return nil }
            if request.path == "/slow" { Thread.sleep(forTimeInterval: 0.5) }
            return .text(200, "\(request.method) \(request.path) \(request.body.count)")
        }
        return listener
    }

    private func connect(_ listener: HTTPListener, timeout: TimeInterval = 10) throws -> HTTPProbe.Connection {
        try HTTPProbe.Connection(port: listener.port, timeout: timeout)
    }

    @Test("two requests on one connection are both answered on it, each saying keep-alive")
    func twoRequests() throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener)
        connection.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = try #require(connection.readAnswer())
        connection.send("POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nbody")
        let second = try #require(connection.readAnswer())
        #expect(first.body == "GET /one 0" && second.body == "POST /two 4")
        #expect(first.headers["connection"] == "keep-alive" && second.headers["connection"] == "keep-alive")
    }

    @Test("pipelined requests sent at once are answered in order")
    func pipelined() throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener)
        connection.send("GET /slow HTTP/1.1\r\n\r\nGET /fast HTTP/1.1\r\n\r\nPOST /last HTTP/1.1\r\nContent-Length: 2\r\n\r\nok")
        let bodies = (0..<3).map { _ in connection.readAnswer()?.body }
        #expect(bodies == ["GET /slow 0", "GET /fast 0", "POST /last 2"])
    }

    @Test("Connection: close and HTTP/1.0 are answered, then the server closes", arguments: [
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n", "GET / HTTP/1.0\r\n\r\n",
    ])
    func closes(request: String) throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener, timeout: 5)
        connection.send(request)
        let answer = try #require(connection.readAnswer())
        #expect(answer.status == 200 && answer.headers["connection"] == "close")
        #expect(connection.closedByServer())
    }

    @Test("a client that sent its request and shut its side down still gets the answer")
    func halfClosed() throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener, timeout: 5)
        connection.send("POST /x HTTP/1.1\r\nContent-Length: 1\r\n\r\n!")
        connection.finishSending()
        #expect(connection.readAnswer()?.body == "POST /x 1")
        #expect(connection.closedByServer())
    }

    @Test("half a request then silence holds up no one else, and is answered 400 once it stalls too long")
    func stalled() throws {
        let listener = try listen(.init(request: .seconds(1)))
        defer { listener.stop() }
        let stalled = try connect(listener, timeout: 5)
        stalled.send("POST /big HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly this")
        let started = Date()
        let other = try connect(listener)
        other.send("GET /other HTTP/1.1\r\n\r\n")
        #expect(other.readAnswer()?.body == "GET /other 0")
        #expect(Date().timeIntervalSince(started) < 0.5)
        let refusal = try #require(stalled.readAnswer())
        #expect(refusal.status == 400 && Date().timeIntervalSince(started) >= 1)
        #expect(stalled.closedByServer())
    }

    @Test("a connection idle past the idle timeout is closed; one that keeps asking is not")
    func idle() throws {
        let listener = try listen(.init(idle: .seconds(1)))
        defer { listener.stop() }
        let quiet = try connect(listener, timeout: 5)
        let busy = try connect(listener, timeout: 5)
        let started = Date()
        for _ in 0..<6 {
            busy.send("GET / HTTP/1.1\r\n\r\n")
            #expect(busy.readAnswer()?.status == 200)
            Thread.sleep(forTimeInterval: 0.4)
        }
        #expect(quiet.closedByServer())
        #expect(Date().timeIntervalSince(started) >= 1)
        busy.send("GET / HTTP/1.1\r\n\r\n")
        #expect(busy.readAnswer()?.status == 200)
    }

    @Test("a dropped connection closes unanswered; the listener goes on")
    func dropped() throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener, timeout: 5)
        connection.send("GET /drop HTTP/1.1\r\n\r\n")
        #expect(connection.readAnswer() == nil)
        let next = try connect(listener)
        next.send("GET /after HTTP/1.1\r\n\r\n")
        #expect(next.readAnswer()?.body == "GET /after 0")
    }

    @Test("garbage is answered 400 and closed")
    func garbage() throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener, timeout: 5)
        connection.send("hello\r\n\r\n")
        #expect(connection.readAnswer()?.status == 400)
        #expect(connection.closedByServer())
    }

    @Test("stop closes idle connections, answers the request in flight with Connection: close, refuses new ones")
    func stop() throws {
        let listener = try listen()
        let idle = try connect(listener, timeout: 5)
        idle.send("GET / HTTP/1.1\r\n\r\n")
        #expect(idle.readAnswer()?.status == 200)
        let inFlight = try connect(listener, timeout: 5)
        inFlight.send("GET /slow HTTP/1.1\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        listener.stop()
        #expect(idle.closedByServer())
        let answer = try #require(inFlight.readAnswer())
        #expect(answer.body == "GET /slow 0" && answer.headers["connection"] == "close")
        #expect(inFlight.closedByServer())
        #expect(throws: HTTPProbe.ProbeError.self) { try HTTPProbe.Connection(port: listener.port) }
    }

    @Test("closing each connection closes the kept ones now; one not yet answered answers its first request, then closes")
    func closeEach() throws {
        let listener = try listen()
        defer { listener.stop() }
        let kept = try connect(listener, timeout: 5)
        kept.send("GET / HTTP/1.1\r\n\r\n")
        #expect(kept.readAnswer()?.headers["connection"] == "keep-alive")
        // Accepted before the switch, its request not read yet: as a client that just connected.
        let fresh = try connect(listener, timeout: 5)
        Thread.sleep(forTimeInterval: 0.2)
        listener.closeEachConnection()
        #expect(kept.closedByServer())
        fresh.send("GET /first HTTP/1.1\r\n\r\n")
        let answer = try #require(fresh.readAnswer())
        #expect(answer.body == "GET /first 0" && answer.headers["connection"] == "close")
        #expect(fresh.closedByServer())
    }

    @Test("a 1.5 MiB upload sent in pieces reaches the handler whole")
    func upload() throws {
        let listener = try listen()
        defer { listener.stop() }
        let connection = try connect(listener)
        let size = 3 << 19
        connection.send("POST /api/drive/files/create HTTP/1.1\r\nContent-Length: \(size)\r\n\r\n")
        let piece = [UInt8](repeating: 0x41, count: 100_000)
        var sent = 0
        while sent < size {
            connection.send(Array(piece.prefix(size - sent)))
            sent += min(piece.count, size - sent)
        }
        #expect(connection.readAnswer()?.body == "POST /api/drive/files/create \(size)")
    }

    @Test("1,000 keep-alive connections open at once are all answered, twice each")
    func thousand() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4_096 {
            limit.rlim_cur = min(4_096, limit.rlim_max)
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        let listener = try listen()
        defer { listener.stop() }
        let connections = try (0..<1_000).map { _ in try connect(listener) }
        for round in 0..<2 {
            for (index, connection) in connections.enumerated() { connection.send("GET /\(index)/\(round) HTTP/1.1\r\n\r\n") }
            let answered = connections.enumerated().filter { index, connection in
                connection.readAnswer()?.body == "GET /\(index)/\(round) 0"
            }
            #expect(answered.count == 1_000)
        }
    }
}
