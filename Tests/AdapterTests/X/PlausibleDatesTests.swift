import Foundation
import JSONLines
@testable import MirrorBot
@testable import MirrorBotImport
@testable import MirrorBotX
import Testing

/// Imports refuse dates no post can have (year 1, 9999, or tomorrow's tomorrow) as they refuse
/// malformed entries: the file and the entry named (issue 15).
@Suite("Plausible import dates")
struct PlausibleDatesTests {
    static let now = Date(timeIntervalSince1970: 1_764_590_400)  // 2025-12-01T12:00:00Z

    static func tweets(_ created: String) -> String {
        "window.YTD.tweets.part0 = [{\"tweet\": {\"id_str\": \"1\", \"full_text\": \"a\", \"created_at\": \"\(created)\"}}]"
    }

    /// The archive reader's error for one entry dated `created`, or nil when the entry is accepted.
    static func archiveError(_ created: String) throws -> InputError? {
        let bytes = Array(tweets(created).utf8)
        do {
            try bytes.withUnsafeBytes { raw in
                try ArchiveFileReader(path: "data/tweets.js").forEachEntry(as: ArchiveTweet.self, in: raw) { tweet, _ in
                    _ = try tweet.post(dates: .x(now: now))
                }
            }
            return nil
        } catch let error as InputError {
            return error
        }
    }

    @Test("an X archive entry before 2006-03-21 or over a day ahead is refused, naming the file and the entry", arguments: [
        ("Mon Jan 01 00:00:00 +0000 0001", "before 2006-03-21, the first post on X"),
        ("Fri Dec 31 23:59:59 +0000 9999", "more than a day after now (2025-12-01T12:00:00Z)"),
        ("Mon Mar 20 23:59:59 +0000 2006", "before 2006-03-21, the first post on X"),
        ("2006-03-21T08:59:59+09:00", "before 2006-03-21, the first post on X"),
        ("2025-12-02T12:00:01Z", "more than a day after now (2025-12-01T12:00:00Z)"),
    ])
    func archiveRefused(created: String, reason: String) throws {
        let error = try #require(try Self.archiveError(created))
        #expect(error.file == "data/tweets.js")
        #expect(error.message == "entry 1: created_at \"\(created)\" is \(reason)", "\(error)")
        #expect(error.position.hasPrefix("line 1"))
    }

    @Test("the bounds themselves are accepted", arguments: [
        "Tue Mar 21 00:00:00 +0000 2006", "2006-03-21T20:50:00Z", "2025-12-02T12:00:00Z", "Wed Oct 10 20:19:24 +0000 2018",
    ])
    func archiveAccepted(created: String) throws {
        #expect(try Self.archiveError(created) == nil)
    }

    @Test("a JSONL line dated before 1990 or over a day ahead is refused, naming the file and the line")
    func jsonl() throws {
        let text = """
            {"id": "1", "text": "ok", "created_at": "1990-01-01T00:00:00Z"}
            {"id": "2", "text": "year one", "created_at": "0001-01-01T00:00:00Z"}
            """
        var read: [String] = []
        let error = try #require(throws: InputError.self) {
            try Array(text.utf8).withUnsafeBytes { raw in
                try JSONLPostReader(path: "posts.jsonl", dates: .jsonl(now: Self.now)).forEachPost(in: raw) { read.append($0.id) }
            }
        }
        #expect(read == ["1"])
        #expect("\(error)" == "posts.jsonl, line 2: created_at \"0001-01-01T00:00:00Z\" is before 1990-01-01, the earliest a JSONL post may be")
        let ahead = try #require(throws: InputError.self) {
            try Array("{\"id\": \"3\", \"text\": \"x\", \"created_at\": \"2025-12-03T00:00:00Z\"}".utf8).withUnsafeBytes { raw in
                try JSONLPostReader(path: "posts.jsonl", dates: .jsonl(now: Self.now)).forEachPost(in: raw) { _ in }
            }
        }
        #expect(ahead.message == "created_at \"2025-12-03T00:00:00Z\" is more than a day after now (2025-12-01T12:00:00Z)")
    }

    @Test("each network's earliest date, and the day ahead allowed")
    func bounds() {
        #expect(PlausibleDates.x(now: Self.now).refusal(Date(timeIntervalSince1970: 1_142_899_199)) != nil)
        #expect(PlausibleDates.x(now: Self.now).refusal(Date(timeIntervalSince1970: 1_142_899_200)) == nil)
        #expect(PlausibleDates.mastodon(now: Self.now).refusal(Date(timeIntervalSince1970: 1_451_606_399))
            == "before 2016-01-01, Mastodon's first year")
        #expect(PlausibleDates.mastodon(now: Self.now).refusal(Date(timeIntervalSince1970: 1_451_606_400)) == nil)
        #expect(PlausibleDates.jsonl(now: Self.now).refusal(Self.now.addingTimeInterval(86_400)) == nil)
        #expect(PlausibleDates.jsonl(now: Self.now).refusal(Self.now.addingTimeInterval(86_401)) != nil)
    }
}
