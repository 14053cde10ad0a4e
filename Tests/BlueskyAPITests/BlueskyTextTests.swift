import APIClientCore
import BlueskyAPI
import Foundation
import Testing

@Suite("TIDs, timestamps, rich text and the login budget")
struct BlueskyTextTests {
    @Test("a TID is 13 sortable characters that keep their time")
    func tids() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        let tid = TID.make(microseconds: 1_700_000_000_123_456, clockID: 5)
        #expect(tid.count == 13)
        #expect(TID.isValid(tid))
        #expect(abs((TID.date(of: tid)?.timeIntervalSince1970 ?? 0) - date.timeIntervalSince1970) < 0.000_01)
        let later = TID.make(microseconds: 1_700_000_000_123_457, clockID: 0)
        #expect(later > tid)
        #expect(TID.make(microseconds: 0, clockID: 0) == "2222222222222")
        #expect(!TID.isValid("3kabc"))
        #expect(!TID.isValid("zzzzzzzzzzzzz"))
        let a = TID.next(now: date), b = TID.next(now: date)
        #expect(b > a)
    }

    @Test("timestamps with microseconds and offsets parse; impossible ones do not", arguments: [
        ("2024-11-01T12:00:00.123Z", 1_730_462_400.123),
        ("2024-11-01T21:00:00.123456+09:00", 1_730_462_400.123456),
        ("2024-11-01T12:00:00Z", 1_730_462_400.0),
    ])
    func timestamps(text: String, seconds: Double) {
        #expect(abs((BlueskyTimestamp.parse(text)?.timeIntervalSince1970 ?? 0) - seconds) < 0.000_01)
    }

    @Test("malformed timestamps are nil", arguments: ["2024-02-30T00:00:00Z", "2024-11-01 12:00", "", "2024-11-01T12:00:00"])
    func badTimestamps(text: String) {
        #expect(BlueskyTimestamp.parse(text) == nil)
    }

    @Test("formatting writes UTC with milliseconds")
    func format() {
        #expect(BlueskyTimestamp.format(Date(timeIntervalSince1970: 1_730_462_400.123)) == "2024-11-01T12:00:00.123Z")
    }

    @Test("links, mentions and tags are measured in UTF-8 bytes of the text, which is sent as written (a link is never shortened)")
    func draft() {
        let text = "見て https://example.com/a/rather/long/path?x=1 と @friend.test へ #ラーメン。"
        let draft = BlueskyRichText.draft(text)
        #expect(draft.text == text)
        let bytes = Array(draft.text.utf8)
        func slice(_ facet: BlueskyFacet) -> String { String(decoding: bytes[facet.index.byteStart..<facet.index.byteEnd], as: UTF8.self) }
        let facets = draft.facets(dids: ["friend.test": "did:plc:friend"])
        #expect(facets.count == 3)
        #expect(slice(facets[0]) == "https://example.com/a/rather/long/path?x=1")
        #expect(facets[0].features == [.link(uri: "https://example.com/a/rather/long/path?x=1")])
        #expect(slice(facets[1]) == "@friend.test")
        #expect(facets[1].features == [.mention(did: "did:plc:friend")])
        #expect(slice(facets[2]) == "#ラーメン")
        #expect(facets[2].features == [.tag("ラーメン")])
        // Without a DID the handle stays plain text.
        #expect(draft.facets(dids: [:]).count == 2)
    }

    @Test("the app's display form of a link: no scheme, a long path cut to 13 characters and ...")
    func displayed() {
        #expect(BlueskyRichText.displayed("https://example.com/a/rather/long/path?x=1") == "example.com/a/rather/lon...")
        #expect(BlueskyRichText.displayed("https://example.com/p/60575") == "example.com/p/60575")
        #expect(BlueskyRichText.displayed("https://example.com/") == "example.com")
    }

    @Test("stored facets: the whole text keeps them; a part of it keeps those inside it, shifted; other text has none")
    func storedFacets() {
        let text = "@friend.test 見て example.com/a/rather/lon..."
        let link = BlueskyFacet(
            byteStart: "@friend.test 見て ".utf8.count, byteEnd: text.utf8.count, features: [.link(uri: "https://example.com/a/rather/long/path")])
        let mention = BlueskyFacet(byteStart: 0, byteEnd: 12, features: [.mention(did: "did:plc:friend")])
        let stored = BlueskyStoredText(text: text, facets: [mention, link])
        #expect(stored.facets(of: text) == [mention, link])
        let cut = "@friend.test ".utf8.count
        #expect(stored.facets(of: "見て example.com/a/rather/lon...") == [BlueskyFacet(
            byteStart: link.index.byteStart - cut, byteEnd: link.index.byteEnd - cut, features: link.features)])
        #expect(stored.facets(of: "something else") == nil)
        #expect(BlueskyStoredText.facets(json: BlueskyStoredText.json([mention, link]) ?? "") == [mention, link])
        #expect(BlueskyStoredText.json([]) == nil)
    }

    @Test("a tag is a facet only within 64 graphemes and 640 bytes (app.bsky.richtext.facet#tag)")
    func tagLimits() {
        let family = "👨‍👩‍👧‍👦"  // one grapheme, 25 bytes
        #expect(BlueskyRichText.draft("#" + String(repeating: "a", count: 64)).linkAndTagFacets.count == 1)
        #expect(BlueskyRichText.draft("#" + String(repeating: "a", count: 65)).linkAndTagFacets.isEmpty)
        // 25 graphemes of 25 bytes: 625 bytes, allowed; 26: 650 bytes, over 640 though under 64 graphemes.
        #expect(BlueskyRichText.draft("#x" + String(repeating: family, count: 25)).linkAndTagFacets.count == 1)
        #expect(BlueskyRichText.draft("#x" + String(repeating: family, count: 26)).linkAndTagFacets.isEmpty)
    }

    @Test("e-mail addresses, bare names and digits-only tags are no facets")
    func notFacets() {
        let draft = BlueskyRichText.draft("me@example.com @friend #123 https://x")
        #expect(draft.mentions.isEmpty)
        #expect(draft.linkAndTagFacets.isEmpty)
    }

    @Test("the login budget allows 30 in 5 minutes and 300 a day, and says when the next login is allowed")
    func budget() throws {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let budget = BlueskyLoginBudget.bluesky
        #expect(budget.refusal(logins: (0..<29).map { now.addingTimeInterval(-Double($0)) }, now: now) == nil)
        let thirty = (0..<30).map { now.addingTimeInterval(-Double($0 * 5)) }
        let refusal = try #require(budget.refusal(logins: thirty, now: now))
        #expect(refusal.until == now.addingTimeInterval(-145 + 300))
        let day = (0..<300).map { now.addingTimeInterval(-Double(400 + $0 * 200)) }
        let daily = try #require(budget.refusal(logins: day, now: now))
        #expect(daily.detail.contains("24 hours"))
    }

    @Test("Bluesky's error names become typed errors", arguments: [
        (400, #"{"error":"ExpiredToken","message":"Token has expired"}"#, "ExpiredToken"),
        (400, #"{"error":"InvalidToken","message":"Token could not be verified"}"#, "InvalidToken"),
        (401, #"{"error":"AuthenticationRequired","message":"Invalid identifier or password"}"#, "unauthorized"),
        (400, #"{"error":"InvalidRequest","message":"bad"}"#, "InvalidRequest: bad"),
        (400, #"{"error":"InvalidRequest"}"#, "HTTP 400: InvalidRequest: InvalidRequest"),
        (400, #"{"message":"Record/text must not be longer than 300 graphemes"}"#, "HTTP 400: Record/text must not be longer than 300 graphemes"),
        (403, "<html>", "HTTP 403: non-JSON body"),
    ])
    func errors(status: Int, body: String, expected: String) {
        // What the client core hands a refusal to: the body's name and its detail.
        let data = Data(body.utf8)
        let error = GetSession().failure(
            status: status, errorCode: BlueskyDialect.errorCode(of: data), detail: BlueskyDialect.errorDetail(of: data))
        #expect(error.description.contains(expected))
        #expect(error.endpoint == "GET com.atproto.server.getSession")
    }

    @Test("Bluesky's rate-limit scheme: ratelimit-* per endpoint, reset in Unix seconds, 5-minute windows")
    func rateLimitHeaders() {
        let scheme = RateLimitScheme.bluesky
        let window = scheme.window(from: ["ratelimit-limit": "3000", "ratelimit-remaining": "0", "ratelimit-reset": "1700000300"])
        #expect(window == RateLimitWindow(limit: 3000, remaining: 0, resetAt: Date(timeIntervalSince1970: 1_700_000_300)))
        #expect(scheme.window(from: ["x-ratelimit-remaining": "1", "x-ratelimit-reset": "1700000300"]) == nil)
        #expect(scheme.key(endpoint: GetTimeline().endpoint) == "GET app.bsky.feed.getTimeline")
        #expect(scheme.period == .seconds(300))
    }
}
