import APIClientCore
import APIClientTestSupport
import Foundation
import MisskeyAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("MisskeyClient over a scripted transport")
struct MisskeyClientTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))

    func client(_ transport: ScriptedTransport, token: String = "app-token-0123456789abcdef0123456789") throws -> MisskeyClient {
        let base = try #require(URL(string: "https://misskey.example"))
        return MisskeyClient(
            token: token, configuration: MisskeyClientConfiguration(baseURL: base), clock: clock, jitter: { 0.5 }, transport: transport)
    }

    func body(_ request: URLRequest) throws -> [String: Any] {
        let data = try #require(request.httpBody)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Walks user u1's notes in `order` over `transport` to the last page: the ids in the order
    /// served, the pager's position after it, and the JSON bodies of the requests sent.
    func walk(_ transport: ScriptedTransport, _ order: MisskeyPageOrder) async throws -> (ids: [String], position: String?, bodies: [[String: Any]]) {
        let pager = try client(transport).pager(UserNotes(userId: "u1"), order: order, limit: 100)
        var ids: [String] = []
        while let page = try await pager.next() { ids += page.map(\.id) }
        return (ids, await pager.position, try transport.requests.map(body))
    }

    @Test("every call is a JSON POST to /api/<endpoint> with the token as Bearer, never in the body")
    func wireShape() async throws {
        let transport = ScriptedTransport([.json(200, MisskeyTestJSON.user())])
        let me = try await client(transport, token: "secret-token").send(GetI())
        #expect(me.username == "human")
        let request = try #require(transport.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://misskey.example/api/i")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer secret-token")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try body(request).isEmpty)
    }

    @Test("a page's body is the endpoint's parameters and the page's side by side, keys sorted, nil ones left out")
    func pagedBodies() throws {
        func text(_ request: some MisskeyRequest) throws -> String? {
            try request.requestBody.map { String(decoding: $0.data, as: UTF8.self) }
        }
        #expect(try text(MisskeyPaged(UserNotes(userId: "u1"), sinceId: "9a")) == #"{"limit":100,"sinceId":"9a","userId":"u1","withRenotes":true,"withReplies":true}"#)
        #expect(try text(MisskeyPaged(HomeTimeline(), limit: 7, untilId: "9b")) == #"{"limit":7,"untilId":"9b"}"#)
        #expect(try text(MisskeyPaged(GetNotifications())) == #"{"includeTypes":["mention","reply"],"limit":100,"markAsRead":false}"#)
        #expect(try text(MisskeyPaged(UserReactions(userId: "u/1"), limit: 2, sinceId: "9a", untilId: "9c")) == #"{"limit":2,"sinceId":"9a","untilId":"9c","userId":"u/1"}"#)
    }

    @Test("notes/create sends text, visibility and replyId, and the visibility is read back from createdNote")
    func createNote() async throws {
        let created = #"{"createdNote":\#(MisskeyTestJSON.note("a1b2c3d4e5f6g7h8", text: "やあ", visibility: "home"))}"#
        let transport = ScriptedTransport([.json(200, created)])
        let note = try await client(transport).send(CreateNote(text: "やあ", visibility: "public", replyId: "a0000000000000aa")).createdNote
        #expect(note.visibility == "home")
        let sent = try body(try #require(transport.requests.first))
        #expect(sent["text"] as? String == "やあ")
        #expect(sent["visibility"] as? String == "public")
        #expect(sent["replyId"] as? String == "a0000000000000aa")
        #expect(sent["localOnly"] == nil)
    }

    @Test("202 PROCESSING is retried, and the old note that comes back is one post")
    func processing() async throws {
        let created = #"{"createdNote":\#(MisskeyTestJSON.note("a1b2c3d4e5f6g7h8"))}"#
        let transport = ScriptedTransport([
            .json(202, MisskeyTestJSON.error("PROCESSING", message: "We are processing your request.")),
            .json(200, created),
        ])
        let note = try await client(transport).send(CreateNote(text: "hello")).createdNote
        #expect(note.id == "a1b2c3d4e5f6g7h8")
        #expect(transport.requests.count == 2)
        #expect(transport.requests.map(\.httpBody) == [transport.requests[0].httpBody, transport.requests[0].httpBody])
        #expect(clock.sleeps.count == 1)
    }

    @Test("a reaction's 204 with no body is a success")
    func reaction204() async throws {
        let transport = ScriptedTransport([.reply(HTTPReply(status: 204))])
        _ = try await client(transport).send(CreateReaction(noteId: "a1b2c3d4e5f6g7h8", reaction: "❤"))
        let sent = try body(try #require(transport.requests.first))
        #expect(sent["reaction"] as? String == "❤")
        #expect(sent["noteId"] as? String == "a1b2c3d4e5f6g7h8")
    }

    @Test("a 429 RATE_LIMIT_EXCEEDED is waited out for its Retry-After, then sent again")
    func retryAfter() async throws {
        let transport = ScriptedTransport([
            .json(429, MisskeyTestJSON.error("RATE_LIMIT_EXCEEDED", message: "Rate limit exceeded. Please try again later."),
                  headers: ["Retry-After": "7"]),
            .json(200, "[]"),
        ])
        let notifications = try await client(transport).send(MisskeyPaged(GetNotifications()))
        #expect(notifications.isEmpty)
        #expect(clock.sleeps == [.seconds(8)])  // 7 s and the 1 s margin
    }

    @Test("a non-JSON 429 from a proxy is waited out too, by its Retry-After or by backoff")
    func proxy429() async throws {
        let html = HTTPReply(status: 429, headers: ["Content-Type": "text/html"], body: Data("<html>Too Many Requests</html>".utf8))
        var dated = html
        // An hour away: beyond the two minutes a request waits.
        dated.headers["retry-after"] = "Tue, 14 Nov 2023 23:13:20 GMT"
        let transport = ScriptedTransport([.reply(html), .json(200, "[]")])
        _ = try await client(transport).send(MisskeyPaged(GetNotifications()))
        #expect(clock.sleeps.count == 1)
        // A Retry-After beyond the wait bound: given up at once, rate-limited, nothing sent again.
        let far = ScriptedTransport([.reply(dated)])
        do {
            _ = try await client(far).send(MisskeyPaged(GetNotifications()))
            Issue.record("no error")
        } catch let error as MisskeyAPIError {
            guard case .rateLimited(let endpoint, let resetAt) = error else { Issue.record("not rate-limited: \(error)"); return }
            #expect(endpoint == "POST /api/i/notifications")
            #expect(resetAt == Date(timeIntervalSince1970: 1_700_003_600))
        }
        #expect(far.requests.count == 1)
    }

    @Test("Misskey's error code is kept, the refusal not retried, and the token never in the message")
    func errorCodes() async throws {
        let transport = ScriptedTransport([
            .json(400, MisskeyTestJSON.error("REPLY_TO_BOT_NOT_ALLOWED", message: "Replying to a bot account is not allowed.")),
        ])
        do {
            _ = try await client(transport, token: "very-secret").send(CreateNote(text: "hi", replyId: "a0000000000000aa"))
            Issue.record("no error")
        } catch let error as MisskeyAPIError {
            #expect(error.code == "REPLY_TO_BOT_NOT_ALLOWED")
            #expect(error == .refused(
                endpoint: "POST /api/notes/create", status: 400, code: "REPLY_TO_BOT_NOT_ALLOWED",
                detail: "REPLY_TO_BOT_NOT_ALLOWED: Replying to a bot account is not allowed."))
            #expect(!error.description.contains("very-secret"))
        }
        #expect(transport.requests.count == 1)
        let unauthorized = ScriptedTransport([
            .json(401, MisskeyTestJSON.error("AUTHENTICATION_FAILED", message: "Authentication failed. Please ensure your token is correct.")),
        ])
        await #expect(throws: MisskeyAPIError.unauthorized(
            endpoint: "POST /api/i", detail: "AUTHENTICATION_FAILED: Authentication failed. Please ensure your token is correct.")) {
            _ = try await client(unauthorized).send(GetI())
        }
    }

    @Test("newest first: pages walk down by untilId, sinceId only together with it, and stop at the floor")
    func newestFirst() async throws {
        let transport = ScriptedTransport([
            .json(200, MisskeyTestJSON.notes(["a000000000000009", "a000000000000008"])),
            .json(200, MisskeyTestJSON.notes(["a000000000000007", "a000000000000006"])),
            .json(200, MisskeyTestJSON.notes(["a000000000000005", "a000000000000004"])),
        ])
        let (ids, position, bodies) = try await walk(transport, .newestFirst(floor: "a000000000000005"))
        #expect(ids == ["a000000000000009", "a000000000000008", "a000000000000007", "a000000000000006"])
        #expect(position == "a000000000000009")
        #expect(bodies[0]["sinceId"] == nil && bodies[0]["untilId"] == nil)
        #expect(bodies[1]["untilId"] as? String == "a000000000000008" && bodies[1]["sinceId"] as? String == "a000000000000005")
        #expect(bodies[2]["untilId"] as? String == "a000000000000006")
        #expect(bodies[0]["withReplies"] as? Bool == true)
    }

    @Test("oldest first: sinceId alone, which Misskey answers in ascending order; the position moves forward")
    func oldestFirst() async throws {
        let transport = ScriptedTransport([
            .json(200, MisskeyTestJSON.notes(["a000000000000002", "a000000000000003"])),
            // Out of order or not newer: dropped, not trusted.
            .json(200, MisskeyTestJSON.notes(["a000000000000004", "a000000000000001", "a000000000000005"])),
            .json(200, "[]"),
        ])
        let (ids, position, bodies) = try await walk(transport, .oldestFirst(after: "a000000000000001"))
        #expect(ids == ["a000000000000002", "a000000000000003", "a000000000000004", "a000000000000005"])
        #expect(position == "a000000000000005")
        #expect(bodies.map { $0["sinceId"] as? String } == ["a000000000000001", "a000000000000003", "a000000000000005"])
        #expect(bodies.allSatisfy { $0["untilId"] == nil })
    }

    @Test("the limit caps the walk and each page's size (at most 100)")
    func limitCaps() async throws {
        let transport = ScriptedTransport([.json(200, MisskeyTestJSON.notes(["a000000000000009", "a000000000000008", "a000000000000007"]))])
        let pager = try client(transport).pager(UserNotes(userId: "u1"), order: .newestFirst(floor: nil), limit: 2)
        let page = try await pager.next()
        #expect(page?.map(\.id) == ["a000000000000009", "a000000000000008"])
        #expect(try await pager.next() == nil)
        #expect(try body(try #require(transport.requests.first))["limit"] as? Int == 2)
        #expect(transport.requests.count == 1)
    }

    @Test("a pure renote is told from a quote, and ids compare as Misskey's do")
    func renotesAndIDs() throws {
        let renote = try JSONDecoder().decode(MisskeyNote.self, from: Data(MisskeyTestJSON.note("a1", text: nil, renoteId: "a0").utf8))
        let quote = try JSONDecoder().decode(MisskeyNote.self, from: Data(MisskeyTestJSON.note("a2", text: "this", renoteId: "a0").utf8))
        #expect(renote.isPureRenote)
        #expect(!quote.isPureRenote)
        #expect(MisskeyID.isNewer("a2", than: "a1"))
        #expect(MisskeyID.isNewer("9zz0000000", than: "9zy9999999"))
        #expect(!MisskeyID.isNewer("9zz0000000", than: "a000000000"))
        #expect(MisskeyID.isValid("9zz0000000") && !MisskeyID.isValid("a-b") && !MisskeyID.isValid(""))
    }

    @Test("Retry-After reads seconds and HTTP dates, and refuses implausible values")
    func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(MisskeyRetryAfter.date("30", now: now) == now.addingTimeInterval(30))
        #expect(MisskeyRetryAfter.date("Tue, 14 Nov 2023 22:14:00 GMT", now: now) == Date(timeIntervalSince1970: 1_700_000_040))
        #expect(MisskeyRetryAfter.date("1e30", now: now) == nil)
        #expect(MisskeyRetryAfter.date("Thu, 01 Jan 2099 00:00:00 GMT", now: now) == nil)
        #expect(MisskeyRetryAfter.date("-5", now: now) == nil)
        #expect(MisskeyRetryAfter.date("soon", now: now) == nil)
        #expect(MisskeyRetryAfter.date(nil, now: now) == nil)
    }
}
