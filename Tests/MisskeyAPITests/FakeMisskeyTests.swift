import APIClientCore
import FakeHTTP
import FakeMisskey
import Foundation
import MisskeyAPI
import Testing

/// The fake against Misskey's own source (`../shared/docs/PLATFORM-FACTS-MISSKEY.md`, with paths).
@Suite("FakeMisskey is as strict as Misskey")
struct FakeMisskeyTests {
    @Test("tokens: header or body i; a wrong token is 401 AUTHENTICATION_FAILED; a missing one CREDENTIAL_REQUIRED where required")
    func tokens() async throws {
        let fixture = try FakeMisskeyFixture()
        #expect(try await fixture.post("i", "{}", token: fixture.human.token).status == 200)
        #expect(try await fixture.post("i", #"{"i":"\#(fixture.human.token)"}"#).status == 200)
        let wrong = try await fixture.post("i", "{}", token: "not-a-token")
        #expect(wrong.status == 401 && wrong.code == "AUTHENTICATION_FAILED")
        let missing = try await fixture.post("i", "{}")
        #expect(missing.status == 401 && missing.code == "CREDENTIAL_REQUIRED")
        #expect(try await fixture.post("i", #"{"i":42}"#).status == 400)
        // users/notes needs no credential.
        #expect(try await fixture.post("users/notes", #"{"userId":"\#(fixture.human.id)"}"#).status == 200)
        // Every endpoint is a POST; an unknown one is 404 UNKNOWN_API_ENDPOINT.
        #expect(try await fixture.post("i", "", token: fixture.human.token, method: "GET").status == 405)
        let unknown = try await fixture.post("notes/nope", "{}", token: fixture.human.token)
        #expect(unknown.status == 404 && unknown.code == "UNKNOWN_API_ENDPOINT")
    }

    @Test("a token without the endpoint's permission is 403 PERMISSION_DENIED")
    func permissions() async throws {
        let fixture = try FakeMisskeyFixture()
        let readOnly = fixture.server.addToken(userId: fixture.bot.id, permissions: ["read:account", "read:notifications"])
        let create = try await fixture.post("notes/create", #"{"text":"hi"}"#, token: readOnly)
        #expect(create.status == 403 && create.code == "PERMISSION_DENIED")
        let note = fixture.server.addNote(userId: fixture.human.id, text: "hello")
        let react = try await fixture.post("notes/reactions/create", #"{"noteId":"\#(note)","reaction":"❤"}"#, token: readOnly)
        #expect(react.status == 403 && react.code == "PERMISSION_DENIED")
        #expect(try await fixture.post("i/notifications", "{}", token: readOnly).status == 200)
        #expect(fixture.server.writes.isEmpty)
    }

    @Test("wrong types and out-of-range values are INVALID_PARAM naming the parameter; extra properties pass")
    func validation() async throws {
        let fixture = try FakeMisskeyFixture()
        let token = fixture.human.token
        let cases: [(String, String, String)] = [
            ("users/notes", #"{"userId":"\#(fixture.human.id)","limit":101}"#, "#/properties/limit/maximum"),
            ("users/notes", #"{"userId":"\#(fixture.human.id)","limit":0}"#, "#/properties/limit/minimum"),
            ("users/notes", #"{"userId":"\#(fixture.human.id)","limit":"10"}"#, "#/properties/limit/type"),
            ("users/notes", #"{"userId":"\#(fixture.human.id)","limit":1.5}"#, "#/properties/limit/type"),
            ("users/notes", #"{"userId":"\#(fixture.human.id)","withReplies":"true"}"#, "#/properties/withReplies/type"),
            ("users/notes", #"{"userId":"not-an-id!"}"#, "#/properties/userId/format"),
            ("users/notes", #"{}"#, "#/required"),
            ("notes/create", #"{"text":"hi","visibility":"unlisted"}"#, "#/properties/visibility/enum"),
            ("notes/create", #"{"text":""}"#, "#/properties/text/minLength"),
            ("notes/create", #"{"text":"\#(String(repeating: "あ", count: 3001))"}"#, "#/properties/text/maxLength"),
            ("notes/create", #"{"text":"   "}"#, "#/anyOf"),
            ("i/notifications", #"{"includeTypes":["mention","nonsense"]}"#, "#/properties/includeTypes/items/enum"),
        ]
        for (endpoint, body, param) in cases {
            let answer = try await fixture.post(endpoint, body, token: token)
            let error = try JSONDecoder().decode(MisskeyErrorBody.self, from: answer.body).error
            #expect(answer.status == 400, "\(endpoint) \(body)")
            #expect(error.code == "INVALID_PARAM" && error.info?.param == param, "\(endpoint) \(body): \(error)")
        }
        let extra = try await fixture.post("users/notes", #"{"userId":"\#(fixture.human.id)","somethingElse":[1,2]}"#, token: token)
        #expect(extra.status == 200)
        #expect(fixture.server.writes.isEmpty)
    }

    @Test("ids are aidx: 16 base36 characters, time first, increasing; createdAt is read from the id")
    func ids() async throws {
        let fixture = try FakeMisskeyFixture()
        let first = fixture.server.addNote(userId: fixture.human.id, text: "one")
        let second = fixture.server.addNote(userId: fixture.human.id, text: "two")
        #expect(first.count == 16 && second.count == 16)
        #expect(first.allSatisfy { $0.isNumber || ("a"..."z").contains($0) })
        #expect(MisskeyID.isNewer(second, than: first))
        let notes = try await fixture.client().send(MisskeyPaged(UserNotes(userId: fixture.human.id), limit: 10))
        let milliseconds = try #require(Int(first.prefix(8), radix: 36))
        let expected = Date(timeIntervalSince1970: (Double(milliseconds) + 946_684_800_000) / 1000)
        let note = try #require(notes.first { $0.id == first })
        #expect(note.createdDate == expected)
        #expect(abs(expected.timeIntervalSince(fixture.clock.now())) < 1)
    }

    @Test("users/notes: sinceId alone is oldest first, otherwise newest first; withReplies false keeps self-replies; renotes flagged")
    func userNotes() async throws {
        let fixture = try FakeMisskeyFixture()
        let server = fixture.server, human = fixture.human.id
        let other = server.addNote(userId: fixture.friend.id, text: "friend's")
        let a = server.addNote(userId: human, text: "a")
        let selfReply = server.addNote(userId: human, text: "a, continued", replyId: a)
        let replyToOther = server.addNote(userId: human, text: "to friend", replyId: other)
        let renote = server.addNote(userId: human, text: nil, renoteId: other)
        let client = fixture.client()
        let newest = try await client.send(MisskeyPaged(UserNotes(userId: human, withReplies: false), limit: 10))
        #expect(newest.map(\.id) == [renote, selfReply, a])
        #expect(newest.first?.isPureRenote == true)
        let all = try await client.send(MisskeyPaged(UserNotes(userId: human, withReplies: true), limit: 10))
        #expect(all.map(\.id) == [renote, replyToOther, selfReply, a])
        let ascending = try await client.send(MisskeyPaged(UserNotes(userId: human, withReplies: true), limit: 2, sinceId: a))
        #expect(ascending.map(\.id) == [selfReply, replyToOther])
        let bounded = try await client.send(MisskeyPaged(UserNotes(userId: human, withReplies: true), limit: 10, sinceId: a, untilId: renote))
        #expect(bounded.map(\.id) == [replyToOther, selfReply])
        let noRenotes = try await client.send(MisskeyPaged(UserNotes(userId: human, withRenotes: false), limit: 10))
        #expect(!noRenotes.contains { $0.id == renote })
    }

    @Test("a reply notifies as reply (not also as mention), a mention as mention; pages are cut before the type filter")
    func notifications() async throws {
        let fixture = try FakeMisskeyFixture()
        let server = fixture.server
        let botNote = server.addNote(userId: fixture.bot.id, text: "bot says")
        let reply = server.addNote(userId: fixture.friend.id, text: "@mirror 返信です", replyId: botNote)
        let mention = server.addNote(userId: fixture.friend.id, text: "@mirror こんにちは")
        server.addNote(userId: fixture.friend.id, text: "nothing for the bot")
        let client = fixture.client(fixture.bot.token)
        let items = try await client.send(MisskeyPaged(GetNotifications(), limit: 10))
        #expect(items.map(\.type) == ["mention", "reply"])
        #expect(items.map { $0.note?.id } == [mention, reply])
        #expect(items.first?.user?.username == "friend")
        let replyNote = try #require(items.last?.note)
        #expect(replyNote.replyId == botNote)
        #expect(replyNote.mentions?.contains(fixture.bot.id) == true)
        // A follow-like notification type outside the filter still takes a row of the page.
        let onlyReplies = try await client.send(MisskeyPaged(GetNotifications(includeTypes: ["reply"]), limit: 1))
        #expect(onlyReplies.isEmpty)
    }

    @Test("notes/create: visibility read back (public under a home note becomes home), text trimmed, REPLY_TO_BOT_NOT_ALLOWED")
    func createNote() async throws {
        let fixture = try FakeMisskeyFixture()
        let server = fixture.server
        let homeNote = server.addNote(userId: fixture.friend.id, text: "at home", visibility: "home")
        let client = fixture.client(fixture.bot.token)
        let reply = try await client.send(CreateNote(text: "  こんにちは  ", visibility: "public", replyId: homeNote)).createdNote
        #expect(reply.visibility == "home")
        #expect(reply.text == "こんにちは")
        #expect(reply.replyId == homeNote)
        let otherBot = server.addUser(username: "otherbot", isBot: true)
        let botNote = server.addNote(userId: otherBot.id, text: "beep")
        do {
            _ = try await client.send(CreateNote(text: "boop", replyId: botNote))
            Issue.record("a bot replied to a bot")
        } catch let error as MisskeyAPIError {
            #expect(error.code == "REPLY_TO_BOT_NOT_ALLOWED")
        }
        server.setMisskeyIO(false)
        _ = try await client.send(CreateNote(text: "boop", replyId: botNote))
        #expect(server.writes.count == 2)
    }

    @Test("misskey.io: the same body within 60 s is the same note; in flight it is 202 PROCESSING; after 60 s a new one")
    func idempotency() async throws {
        let fixture = try FakeMisskeyFixture()
        let client = fixture.client(fixture.bot.token)
        let first = try await client.send(CreateNote(text: "おはよう")).createdNote
        let again = try await client.send(CreateNote(text: "おはよう")).createdNote
        #expect(first.id == again.id)
        #expect(fixture.server.notes(of: fixture.bot.id).count == 1)
        // Lost answer, then two repeats in flight (202), then the note made.
        fixture.server.injectProcessing(repeats: 2)
        let lost = try await client.send(CreateNote(text: "こんばんは")).createdNote
        #expect(fixture.server.notes(of: fixture.bot.id).count == 2)
        #expect(fixture.server.notes(of: fixture.bot.id).last?.id == lost.id)
        let statuses = fixture.server.requests.filter { $0.endpoint == "POST /api/notes/create" }.map(\.status)
        #expect(statuses.suffix(4) == [0, 202, 202, 200])
        try await fixture.clock.sleep(for: .seconds(61))
        let later = try await client.send(CreateNote(text: "おはよう")).createdNote
        #expect(later.id != first.id)
        // Upstream Misskey has no such rule.
        fixture.server.setMisskeyIO(false)
        _ = try await client.send(CreateNote(text: "同じ"))
        _ = try await client.send(CreateNote(text: "同じ"))
        #expect(fixture.server.notes(of: fixture.bot.id).count == 5)
    }

    @Test("reactions: one per user and note, ALREADY_REACTED, CANNOT_REACT_TO_RENOTE, unknown strings become ❤, FE0F stripped")
    func reactions() async throws {
        let fixture = try FakeMisskeyFixture()
        let server = fixture.server
        let note = server.addNote(userId: fixture.human.id, text: "hello")
        let renote = server.addNote(userId: fixture.human.id, text: nil, renoteId: note)
        let client = fixture.client(fixture.bot.token)
        _ = try await client.send(CreateReaction(noteId: note, reaction: "❤️"))
        #expect(server.reactions(of: fixture.bot.id).map(\.reaction) == ["❤"])
        let again = try await fixture.post("notes/reactions/create", #"{"noteId":"\#(note)","reaction":"❤"}"#, token: fixture.bot.token)
        #expect(again.status == 400 && again.code == "ALREADY_REACTED")
        _ = try await client.send(CreateReaction(noteId: note, reaction: "👍"))
        #expect(server.reactions(of: fixture.bot.id).map(\.reaction) == ["👍"])
        _ = try await client.send(CreateReaction(noteId: note, reaction: "not an emoji"))
        #expect(server.reactions(of: fixture.bot.id).map(\.reaction) == ["❤"])
        let onRenote = try await fixture.post("notes/reactions/create", #"{"noteId":"\#(renote)","reaction":"❤"}"#, token: fixture.bot.token)
        #expect(onRenote.status == 400 && onRenote.code == "CANNOT_REACT_TO_RENOTE")
        let mine = try await client.send(MisskeyPaged(UserNotes(userId: fixture.human.id), limit: 10)).first { $0.id == note }
        #expect(mine?.myReaction == "❤")
        // The note's counts follow its reactions as they come, change and go (with the note).
        func counts() async throws -> [String: Int]? {
            let shown = try await fixture.post("notes/show", #"{"noteId":"\#(note)"}"#, token: fixture.friend.token)
            return (try JSONSerialization.jsonObject(with: shown.body) as? [String: Any])?["reactions"] as? [String: Int]
        }
        #expect(try await counts() == ["❤": 1])
        server.addReaction(userId: fixture.friend.id, noteId: note, reaction: "👍")
        server.addReaction(userId: fixture.human.id, noteId: note, reaction: "👍")
        #expect(try await counts() == ["❤": 1, "👍": 2])
        server.addReaction(userId: fixture.human.id, noteId: note, reaction: "❤")
        #expect(try await counts() == ["❤": 2, "👍": 1])
    }

    @Test("users/reactions: newest first by reaction id; REACTIONS_NOT_PUBLIC for others when private, the owner still sees them")
    func userReactions() async throws {
        let fixture = try FakeMisskeyFixture()
        let server = fixture.server
        let a = server.addNote(userId: fixture.friend.id, text: "a")
        let b = server.addNote(userId: fixture.friend.id, text: "b")
        server.addReaction(userId: fixture.human.id, noteId: b)
        server.addReaction(userId: fixture.human.id, noteId: a, reaction: "👍")
        let list = try await fixture.client(fixture.bot.token).send(MisskeyPaged(UserReactions(userId: fixture.human.id), limit: 10))
        #expect(list.map(\.note.id) == [a, b])
        #expect(list.map(\.type) == ["👍", "❤"])
        server.updateUser(fixture.human.id, publicReactions: false)
        do {
            _ = try await fixture.client(fixture.bot.token).send(MisskeyPaged(UserReactions(userId: fixture.human.id)))
            Issue.record("private reactions listed")
        } catch let error as MisskeyAPIError {
            #expect(error.code == "REACTIONS_NOT_PUBLIC")
        }
        #expect(try await fixture.client().send(MisskeyPaged(UserReactions(userId: fixture.human.id))).count == 2)
    }

    @Test("notes/show: no credential needed; a gone note is 400 NO_SUCH_NOTE; another's followers-only note is served hidden")
    func showNote() async throws {
        let fixture = try FakeMisskeyFixture()
        let note = fixture.server.addNote(userId: fixture.human.id, text: "hello")
        let shown = try await fixture.post("notes/show", #"{"noteId":"\#(note)"}"#)
        #expect(shown.status == 200)
        #expect(try JSONDecoder().decode(MisskeyNote.self, from: shown.body).text == "hello")
        let privateNote = fixture.server.addNote(userId: fixture.human.id, text: "secret", visibility: "followers")
        let hidden = try await fixture.post("notes/show", #"{"noteId":"\#(privateNote)"}"#, token: fixture.bot.token)
        #expect(hidden.status == 200 && !String(decoding: hidden.body, as: UTF8.self).contains("secret"))
        let own = try await fixture.client().send(ShowNote(noteId: privateNote))
        #expect(own.text == "secret")
        fixture.server.deleteNote(id: note)
        let gone = try await fixture.post("notes/show", #"{"noteId":"\#(note)"}"#)
        #expect(gone.status == 400 && gone.code == "NO_SUCH_NOTE")
        #expect(try await fixture.post("notes/show", "{}").code == "INVALID_PARAM")
        #expect(try await fixture.post("notes/show", #"{"noteId":"not an id!"}"#).code == "INVALID_PARAM")
    }

    @Test("notes/delete: write:notes; only one's own note (ACCESS_DENIED); a gone one NO_SUCH_NOTE; one a second (429)")
    func deleteNote() async throws {
        let fixture = try FakeMisskeyFixture()
        let mine = fixture.server.addNote(userId: fixture.bot.id, text: "copy")
        let other = fixture.server.addNote(userId: fixture.bot.id, text: "copy 2")
        let humans = fixture.server.addNote(userId: fixture.human.id, text: "original")
        let readOnly = fixture.server.addToken(userId: fixture.bot.id, permissions: ["read:account"])
        let denied = try await fixture.post("notes/delete", #"{"noteId":"\#(mine)"}"#, token: readOnly)
        #expect(denied.status == 403 && denied.code == "PERMISSION_DENIED")
        #expect(try await fixture.post("notes/delete", #"{"noteId":"\#(mine)"}"#).code == "CREDENTIAL_REQUIRED")
        // Every call counts against the limit, refused or not (the limit is checked before the permission).
        try await fixture.clock.sleep(for: .seconds(2))
        let notOwn = try await fixture.post("notes/delete", #"{"noteId":"\#(humans)"}"#, token: fixture.bot.token)
        #expect(notOwn.status == 400 && notOwn.code == "ACCESS_DENIED")
        try await fixture.clock.sleep(for: .seconds(2))
        #expect(try await fixture.post("notes/delete", #"{"noteId":"\#(mine)"}"#, token: fixture.bot.token).status == 204)
        #expect(fixture.server.note(id: mine) == nil && fixture.server.note(id: humans) != nil)
        let tooSoon = try await fixture.post("notes/delete", #"{"noteId":"\#(other)"}"#, token: fixture.bot.token)
        #expect(tooSoon.status == 429 && tooSoon.code == "RATE_LIMIT_EXCEEDED")
        try await fixture.clock.sleep(for: .seconds(2))
        let again = try await fixture.post("notes/delete", #"{"noteId":"\#(mine)"}"#, token: fixture.bot.token)
        #expect(again.status == 400 && again.code == "NO_SUCH_NOTE")
        #expect(fixture.server.writes.filter { if case .delete = $0 { true } else { false } } == [.delete(id: mine, userId: fixture.bot.id)])
    }

    @Test("i/notifications is limited to 30 per 30 s: the 31st is 429 RATE_LIMIT_EXCEEDED with Retry-After, then waited out")
    func notificationsLimit() async throws {
        let fixture = try FakeMisskeyFixture()
        for _ in 0..<30 { #expect(try await fixture.post("i/notifications", "{}", token: fixture.bot.token).status == 200) }
        let refused = try await fixture.post("i/notifications", "{}", token: fixture.bot.token)
        #expect(refused.status == 429 && refused.code == "RATE_LIMIT_EXCEEDED")
        // The client waits for the reset (about 30 s on the shared clock) and gets through.
        _ = try await fixture.client(fixture.bot.token).send(MisskeyPaged(GetNotifications()))
        let wait = try #require(fixture.clock.sleeps.last)
        #expect(wait > .seconds(29) && wait <= .seconds(31))
        // notes/create: 300 per hour.
        fixture.server.setRateLimit(endpoint: "notes/create", max: 1, duration: 3600)
        _ = try await fixture.client(fixture.bot.token).send(CreateNote(text: "one"))
        do {
            _ = try await fixture.client(fixture.bot.token).send(CreateNote(text: "two"))
            Issue.record("not limited")
        } catch let error as MisskeyAPIError {
            guard case .rateLimited = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("a proxy's non-JSON 429 is waited out; 5xx and lost answers are retried into the one note the server made")
    func proxyAndFaults() async throws {
        let fixture = try FakeMisskeyFixture()
        fixture.server.injectProxyRateLimit(count: 1, retryAfter: 3)
        _ = try await fixture.client(fixture.bot.token).send(GetI())
        #expect(fixture.clock.sleeps.contains { $0 >= .seconds(3) && $0 < .seconds(4) })
        fixture.server.injectFault(.lostResponse, count: 1, endpoint: "POST /api/notes/create")
        fixture.server.injectFault(.dropAfterWrite, count: 1, endpoint: "POST /api/notes/create")
        let note = try await fixture.client(fixture.bot.token).send(CreateNote(text: "一度だけ")).createdNote
        #expect(fixture.server.notes(of: fixture.bot.id).map(\.id) == [note.id])
    }
}
