import Foundation
@testable import MirrorBot
@testable import MirrorBotImport
@testable import MirrorBotX
import Testing

/// The pure parts of the importer: no database, no files.
@Suite("Archive parsing")
struct ArchiveParsingTests {
    @Test("timestamps in X's archive format and ISO 8601", arguments: [
        ("Wed Oct 10 20:19:24 +0000 2018", 1_539_202_764.0),
        ("Sat Feb 18 12:33:11 +0000 2023", 1_676_723_591.0),
        ("Thu Feb 29 23:59:59 +0900 2024", 1_709_218_799.0),
        ("2018-10-10T20:19:24Z", 1_539_202_764.0),
        ("2018-10-10T20:19:24.500Z", 1_539_202_764.5),
        ("2018-10-11T05:19:24+09:00", 1_539_202_764.0),
        ("2018-10-10T15:19:24-0500", 1_539_202_764.0),
        ("2018-10-10 20:19:24 +0000", 1_539_202_764.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func timestamps(text: String, seconds: Double) {
        #expect(PostTimestamp.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test("not timestamps", arguments: [
        "", "yesterday", "Wed Foo 10 20:19:24 +0000 2018", "Wed Oct 10 20:19:24 2018", "2018-10-10T20:19:24",
        "2018-13-10T20:19:24Z", "2018-10-10T25:19:24Z", "2018-10-10T20:19:24.Z", "2018-10-10T20:19:24+9",
        // A sign is no digit (`Int(_:)` took one: issue 15); February 30 is no date (it rolled over into March).
        "Wed Oct +1 20:19:24 +0000 2018", "Wed Oct 10 +0:19:24 +0000 2018", "Wed Oct 10 20:19:24 +-100 2018",
        "Wed Oct 10 20:19:24 -+900 2018", "2018-10-10T20:19:24+-1:00", "Fri Feb 30 20:19:24 +0000 2018", "2018-02-30T00:00:00Z",
        "2018-04-31T00:00:00Z", "Sat Feb 29 00:00:00 +0000 2100",
    ])
    func notTimestamps(text: String) {
        #expect(PostTimestamp.parse(text) == nil)
    }

    @Test("HTML entities: exactly &amp; &lt; &gt;, in one pass", arguments: [
        ("a &amp; b", "a & b"), ("&lt;3 &gt;_&lt;", "<3 >_<"), ("&amp;lt;", "&lt;"),
        ("&quot; &nbsp; & &am", "&quot; &nbsp; & &am"), ("日本語&amp;", "日本語&"), ("", ""),
    ])
    func entities(escaped: String, plain: String) {
        #expect(HTMLEntities.unescape(escaped) == plain)
    }

    @Test("archive file names: posts, likes, and what deletes, completes or places them (issue 22)", arguments: [
        ("tweets.js", ArchiveFile.Kind.tweets), ("tweet.js", .tweets), ("tweets-part1.js", .tweets), ("tweets-part12.js", .tweets),
        ("like.js", .likes), ("like-part3.js", .likes), ("deleted-tweets.js", .deletedTweets), ("note-tweet.js", .noteTweets),
        ("deleted-tweets-part1.js", .deletedTweets), ("account-timezone.js", .timeZone),
        ("tweet-headers.js", nil), ("deleted-tweet-headers.js", nil), ("tweets-partx.js", nil), ("manifest.js", nil), ("tweets.json", nil),
    ])
    func fileNames(name: String, kind: ArchiveFile.Kind?) {
        #expect(ArchiveLocator.classify(name)?.0 == kind)
    }

    func elements(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { buffer in
            var scanner = try JSONArrayScanner(bytes: buffer)
            var found: [String] = []
            while let element = try scanner.next() {
                found.append(String(decoding: bytes[element.range], as: UTF8.self))
            }
            return found
        }
    }

    @Test("the scanner splits top-level entries, minding strings, escapes and nesting")
    func scannerSplits() throws {
        let text = #"window.YTD.tweets.part0 = [ {"a":"}]\"{[","b":[{"c":1}]} ,{"d":"=,"}];"#
        #expect(try elements(text) == [#"{"a":"}]\"{[","b":[{"c":1}]}"#, #"{"d":"=,"}"#])
        #expect(try elements("\u{FEFF}[]").isEmpty)
        #expect(try elements("window.YTD.like.part0 = [ ]").isEmpty)
        #expect(try elements("[{}]").count == 1)
    }

    @Test("the scanner reports line and byte of structural faults", arguments: [
        ("x = [\n  {},\n  {\"a\": \"b", 14, 3, "file ends inside entry 2: truncated?"),
        ("x = [\n  {}\n  {}\n]", 13, 3, "expected ',' or ']' after entry 1"),
        ("x = [\n  {},\n  7\n]", 14, 3, "expected an object for entry 2"),
        ("x = {}", 4, 1, "expected '[' to start the array"),
        ("x = [{}", 7, 1, "file ends before the array is closed: truncated?"),
    ])
    func scannerFaults(text: String, offset: Int, line: Int, message: String) {
        #expect(throws: JSONArrayScanner.Failure(offset: offset, line: line, message: message)) {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { buffer in
                var scanner = try JSONArrayScanner(bytes: buffer)
                while try scanner.next() != nil {}
            }
        }
    }
}
