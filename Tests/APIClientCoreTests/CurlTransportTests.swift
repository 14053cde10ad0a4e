import APIClientCore
import FakeHTTP
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("CurlTransport: libcurl's one event loop, against real servers on loopback")
struct CurlTransportTests {
    /// A server that answers every request with what it received: method, path and query, headers, body.
    static func echoServer() throws -> HTTPListener {
        let listener = try HTTPListener(port: 0)
        try listener.start(name: "echo") { request in
            if request.path == "/moved" {
                return HTTPResponse(status: 302, headers: [("Location", "/echo?after=redirect"), ("X-First", "1")])
            }
            var headers: [(name: String, value: String)] = [("X-Method", request.method), ("X-Target", request.path + "?" + request.rawQuery)]
            for (name, value) in request.headers { headers.append(("X-Got-" + name, value)) }
            headers.append(("Set-Cookie", "a=1"))
            headers.append(("Set-Cookie", "b=2"))
            return HTTPResponse(status: 201, headers: headers, body: request.body)
        }
        return listener
    }

    static func request(_ port: Int, _ target: String, method: String = "GET", body: Data? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("mirror-bot", forHTTPHeaderField: "User-Agent")
        request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
        return request
    }

    /// A socket listening on 127.0.0.1 with `backlog`, and its port.
    static func listening(backlog: Int32) throws -> (socket: Int32, port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && listen(socket, backlog) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw URLError(.cannotConnectToHost)
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Accepts each connection to `socket` on a thread of its own, handing it to `accepted`, until the socket is closed.
    static func acceptEach(on socket: Int32, _ accepted: @escaping @Sendable (Int32) -> Void) {
        Thread {
            while true {
                let client = accept(socket, nil, nil)
                if client >= 0 {
                    accepted(client)
                } else if errno != EINTR, errno != ECONNABORTED {
                    return  // stopped
                }
            }
        }.start()
    }

    /// A socket that listens and never accepts: connections complete in its backlog, and nothing is ever answered.
    final class SilentServer {
        let port: Int
        private let socket: Int32

        init() throws {
            (socket, port) = try CurlTransportTests.listening(backlog: 16)
        }

        deinit { close(socket) }
    }

    @Test("a GET: status, headers lowercased (repeated ones joined), the body, and the request's own headers sent as given")
    func get() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let reply = try await CurlTransport(timeout: 5).send(Self.request(server.port, "/echo?q=%E3%81%82&n=1"))
        #expect(reply.status == 201)
        #expect(reply.headers["x-method"] == "GET")
        #expect(reply.headers["x-target"] == "/echo?q=%E3%81%82&n=1")
        #expect(reply.headers["x-got-authorization"] == "Bearer t0k3n")
        #expect(reply.headers["x-got-user-agent"] == "mirror-bot")
        #expect(reply.headers["x-got-expect"] == nil)
        #expect(reply.headers["set-cookie"] == "a=1, b=2")
        #expect(reply.body.isEmpty)
    }

    @Test("POST, PUT and DELETE send their method and exactly their body, 3 MB of every byte value included; a POST without one sends none")
    func bodies() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let transport = CurlTransport(timeout: 10)
        let large = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        let posted = try await transport.send(Self.request(server.port, "/p", method: "POST", body: large))
        #expect(posted.headers["x-method"] == "POST")
        #expect(posted.body == large)
        #expect(posted.headers["x-got-expect"] == nil)
        let put = try await transport.send(Self.request(server.port, "/p", method: "PUT", body: Data(#"{"a":1}"#.utf8)))
        #expect(put.headers["x-method"] == "PUT")
        #expect(put.body == Data(#"{"a":1}"#.utf8))
        let deleted = try await transport.send(Self.request(server.port, "/p", method: "DELETE"))
        #expect(deleted.headers["x-method"] == "DELETE")
        #expect(deleted.body.isEmpty)
        let empty = try await transport.send(Self.request(server.port, "/p", method: "POST"))
        #expect(empty.headers["x-method"] == "POST")
        #expect(empty.headers["x-got-content-length"] == "0")
    }

    @Test("a redirect is followed, and the headers are the last answer's")
    func redirect() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let reply = try await CurlTransport(timeout: 5).send(Self.request(server.port, "/moved"))
        #expect(reply.status == 201)
        #expect(reply.headers["x-target"] == "/echo?after=redirect")
        #expect(reply.headers["x-first"] == nil)
    }

    /// Nothing else could end the request: the connection is made (in the server's backlog) and libcurl is given no
    /// timeout but the connection's; no upper bound on the wait, which a loaded test process stretches.
    @Test("a server that never answers: URLError.timedOut once the timeout has passed with nothing moving, not before")
    func idleTimeout() async throws {
        let silent = try SilentServer()
        let started = ContinuousClock.now
        await #expect(throws: URLError(.timedOut)) {
            try await CurlTransport(timeout: 0.6).send(Self.request(silent.port, "/"))
        }
        #expect(ContinuousClock.now - started >= .milliseconds(600))
    }

    @Test("nothing listening: URLError.cannotConnectToHost")
    func refused() async throws {
        let port = try SilentServer().port  // closed again at once
        await #expect(throws: URLError(.cannotConnectToHost)) {
            try await CurlTransport(timeout: 5).send(Self.request(port, "/"))
        }
    }

    /// Uncancelled, the request would wait out its 30 s and fail with `.timedOut`.
    @Test("a cancelled request ends with URLError.cancelled, before or after it reached the loop, and the loop goes on serving others")
    func cancel() async throws {
        let silent = try SilentServer()
        let port = silent.port
        let task = Task { try await CurlTransport(timeout: 30).send(Self.request(port, "/")) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: URLError(.cancelled)) { try await task.value }
        let alreadyCancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await CurlTransport(timeout: 30).send(Self.request(port, "/"))
        }
        await #expect(throws: URLError(.cancelled)) { try await alreadyCancelled.value }
        let server = try Self.echoServer()
        defer { server.stop() }
        #expect(try await CurlTransport(timeout: 5).send(Self.request(server.port, "/after")).status == 201)
    }

    /// A socket that accepts every connection and never answers, counting the connections.
    final class CountingServer: @unchecked Sendable {
        let port: Int
        private let socket: Int32
        private let accepted = Mutex<[Int32]>([])

        init() throws {
            (socket, port) = try CurlTransportTests.listening(backlog: 512)
            CurlTransportTests.acceptEach(on: socket) { [self] client in accepted.withLock { $0.append(client) } }
        }

        var connections: Int { accepted.withLock { $0.count } }

        func stop() {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
            accepted.withLock { $0.forEach { close($0) } }
        }
    }

    @Test("a hundred requests at once to a server that answers none open 64 connections to it, no more; the rest wait their turn")
    func connectionsPerServer() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let port = server.port
        let requests = (0..<100).map { index in
            Task { try await CurlTransport(timeout: 30).send(Self.request(port, "/\(index)")) }
        }
        // Generous: when the whole suite starts at once, these tasks can wait long for a thread.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(90)
        while server.connections < 64, clock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.connections == 64)
        // Long enough for the other 36 to connect, were they let.
        try await Task.sleep(for: .milliseconds(500))
        #expect(server.connections == 64)
        for request in requests { request.cancel() }
        for request in requests { await #expect(throws: URLError(.cancelled)) { try await request.value } }
    }

    /// libcurl 7.88 walks its own queue of pending requests each time one leaves it: with tens of
    /// thousands queued, that was most of a host's CPU. Here they wait in the loop's line instead.
    @Test("3,000 requests at once to a server that answers none: 64 in libcurl's hands, the rest in line; each times out on its own, in line or not, while another server is answered")
    func waitingLine() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let echo = try Self.echoServer()
        defer { echo.stop() }
        let port = server.port
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let clock = ContinuousClock()
        let started = clock.now
        let requests = (0..<3000).map { index in
            Task { () -> Duration? in
                do {
                    // Long enough that none times out before the other server's request below is answered,
                    // however busy the machine.
                    _ = try await CurlTransport(timeout: 10).send(Self.request(port, "/\(index)"))
                    return nil
                } catch let error as URLError where error.code == .timedOut {
                    return clock.now - started
                }
            }
        }
        var most = (sent: 0, waiting: 0)
        let deadline = clock.now + .seconds(90)
        while clock.now < deadline {
            let now = CurlTransport.requests(to: url)
            most = (max(most.sent, now.sent), max(most.waiting, now.waiting))
            if now.sent + now.waiting == 3000 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(most.sent == 64)
        #expect(most.waiting == 3000 - 64)
        #expect(try await CurlTransport(timeout: 5).send(Self.request(echo.port, "/meanwhile")).status == 201)
        #expect(CurlTransport.requests(to: url).sent == 64)
        var timedOut: [Duration] = []
        for request in requests { if let after = try await request.value { timedOut.append(after) } }
        #expect(timedOut.count == 3000)
        #expect(timedOut.allSatisfy { $0 >= .seconds(10) })
        #expect(CurlTransport.requests(to: url) == (0, 0))
    }

    @Test("500 requests at once are each answered with their own body")
    func concurrent() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let transport = CurlTransport(timeout: 30)
        let mismatches = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<500 {
                group.addTask {
                    let body = Data("request \(index)".utf8)
                    let reply = try await transport.send(Self.request(server.port, "/\(index)", method: "POST", body: body))
                    return reply.body == body && reply.headers["x-target"] == "/\(index)?"
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 0 : 1) }
        }
        #expect(mismatches == 0)
    }

    /// A server that answers each GET on a kept-alive connection, and reads each POST and closes
    /// the connection without answering (as a server that did the work and then lost the
    /// connection), noting for each POST how many requests its connection carried before it.
    final class DroppingServer: @unchecked Sendable {
        let port: Int
        private let socket: Int32
        private let posts = Mutex<[Int]>([])

        init() throws {
            (socket, port) = try CurlTransportTests.listening(backlog: 16)
            CurlTransportTests.acceptEach(on: socket) { [self] client in Thread { [self] in serve(client) }.start() }
        }

        /// For each POST that arrived, the requests its connection had carried before it (0: its own).
        var postsReceived: [Int] { posts.withLock { $0 } }

        private func serve(_ client: Int32) {
            defer { close(client) }
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            var served = 0
            while true {
                // One request: its head, then its body's Content-Length bytes.
                let end = Array("\r\n\r\n".utf8)
                var headEnd: Int?
                while headEnd == nil {
                    headEnd = received.indices.dropLast(3).first { Array(received[$0..<$0 + 4]) == end }.map { $0 + 4 }
                    if headEnd != nil { break }
                    let count = recv(client, &buffer, buffer.count, 0)
                    if count <= 0 { return }
                    received += buffer[0..<count]
                }
                let head = String(decoding: received[0..<headEnd!], as: UTF8.self)
                let length = head.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                while received.count < headEnd! + length {
                    let count = recv(client, &buffer, buffer.count, 0)
                    if count <= 0 { return }
                    received += buffer[0..<count]
                }
                received.removeFirst(headEnd! + length)
                if head.hasPrefix("POST ") {
                    posts.withLock { $0.append(served) }
                    return  // closed unanswered
                }
                served += 1
                let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
                guard send(client, answer, answer.count, Int32(MSG_NOSIGNAL)) == answer.count else { return }
            }
        }

        func stop() {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
        }
    }

    /// libcurl sends a request again on a fresh connection when the reused one closes before any
    /// answer. For a post that the server may have made already, that would be a second post the
    /// bot never hears of: a post is sent on a connection of its own, and the loss is the client's
    /// to see.
    @Test("a POST on a reused connection that closes unanswered is sent again by libcurl; a post being published is not, its connection being its own")
    func publishingNotResent() async throws {
        let server = try DroppingServer()
        defer { server.stop() }
        let transport = CurlTransport(timeout: 10)
        let body = Data(#"{"text":"こんばんは"}"#.utf8)
        #expect(try await transport.send(Self.request(server.port, "/before")).status == 200)
        await #expect(throws: URLError(.badServerResponse)) {
            try await transport.send(Self.request(server.port, "/like", method: "POST", body: body))
        }
        // The loop's connection cache may have closed the GET's connection meanwhile (a whole suite
        // of tests shares the loop): the POST then went on a new one, and once.
        let like = server.postsReceived
        #expect(like == [1, 0] || like == [0])

        #expect(try await transport.send(Self.request(server.port, "/before")).status == 200)
        await #expect(throws: URLError(.badServerResponse)) {
            try await transport.send(
                Self.request(server.port, "/notes/create", method: "POST", body: body), options: HTTPSendOptions(turn: .first, once: true))
        }
        // Once, on a connection of its own, though the GET's was there to reuse.
        #expect(Array(server.postsReceived.dropFirst(like.count)) == [0])
    }
}
