import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import MirrorBotX
import Postgres
import TestSupport
import Testing

/// Bad archives fail with the file, the line and the byte, and store nothing.
@Suite("Archive import errors")
struct ArchiveImportErrorTests {
    /// A database holding 5 posts already, and an archive of two parts (8 + 6 posts).
    struct Setup {
        let db: MigratedDatabase
        let importer: ArchiveImporter
        let archive: URL
        var data: URL { archive.appendingPathComponent("data") }

        /// The text of the archive's data file `name`.
        func text(of name: String) throws -> String { try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8) }

        /// Replaces the archive's data file `name` with `text`.
        func write(_ text: String, to name: String) throws {
            try text.write(to: data.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    func setUp() async throws -> Setup {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let importer = ArchiveImporter(store: store)
        let existing = try ArchiveFixture(tweetParts: [ArchiveImportTests.tweets(5, from: 900)]).write()
        _ = try await importer.importArchive(at: existing.path)
        let archive = try ArchiveFixture(tweetParts: [ArchiveImportTests.tweets(8), ArchiveImportTests.tweets(6, from: 9)]).write()
        return Setup(db: db, importer: importer, archive: archive)
    }

    /// Imports and returns the error; checks that the 5 stored posts are still exactly the 5.
    func failure(_ setup: Setup) async throws -> InputError {
        let before = try await setup.db.posts()
        #expect(before.count == 5)
        let error = try await #require(throws: InputError.self) {
            try await setup.importer.importArchive(at: setup.archive.path)
        }
        #expect(try await setup.db.posts() == before)
        return error
    }

    /// 1-based line and 0-based byte of the `occurrence`-th (1-based) line equal to `line`.
    static func position(of line: String, occurrence: Int, in text: String) -> String? {
        var offset = 0
        var seen = 0
        for (index, candidate) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if candidate == line {
                seen += 1
                if seen == occurrence {
                    let indent = candidate.prefix { $0 == " " }.utf8.count
                    return "line \(index + 1), byte \(offset + indent)"
                }
            }
            offset += candidate.utf8.count + 1
        }
        return nil
    }

    @Test("a truncated part fails with its name and the cut entry's position; storage is unchanged")
    func truncatedFile() async throws {
        let setup = try await setUp()
        let text = try setup.text(of: "tweets-part1.js")
        let cut = String(decoding: Array(text.utf8).prefix(text.utf8.count * 2 / 3), as: UTF8.self)
        try setup.write(cut, to: "tweets-part1.js")
        let complete = cut.components(separatedBy: "\n  },\n").count - 1
        let error = try await failure(setup)
        #expect(error.file.hasSuffix("data/tweets-part1.js"))
        #expect(error.position == Self.position(of: "  {", occurrence: complete + 1, in: cut))
        #expect(error.message.contains("entry \(complete + 1)"))
        #expect(error.message.contains("truncated"))
        #expect("\(error)".contains("tweets-part1.js, line "))
        try await setup.db.database.drop()
    }

    @Test("a file cut before its closing bracket fails as truncated")
    func missingBracket() async throws {
        let setup = try await setUp()
        try setup.write(String(try setup.text(of: "tweets.js").dropLast(2)), to: "tweets.js")
        let error = try await failure(setup)
        #expect(error.file.hasSuffix("data/tweets.js"))
        #expect(error.message.contains("truncated"))
        try await setup.db.database.drop()
    }

    @Test("a malformed entry (bad JSON) fails with the entry's line and byte")
    func malformedJSON() async throws {
        let setup = try await setUp()
        var lines = try setup.text(of: "tweets.js").components(separatedBy: "\n")
        let favorites = lines.indices.filter { lines[$0].contains("\"favorite_count\"") }
        lines[favorites[2]] += ","
        let text = lines.joined(separator: "\n")
        try setup.write(text, to: "tweets.js")
        let error = try await failure(setup)
        #expect(error.file.hasSuffix("data/tweets.js"))
        // At the second comma, the last byte of the line.
        let bad = favorites[2]
        let offset = lines[..<bad].reduce(0) { $0 + $1.utf8.count + 1 } + lines[bad].utf8.count - 1
        #expect(error.position == "line \(bad + 1), byte \(offset)")
        let entryLine = try #require(Self.position(of: "  {", occurrence: 3, in: text)?.split(separator: ",").first)
        #expect(error.message == "entry 3 (starting \(entryLine)): not valid JSON: invalid value")
        try await setup.db.database.drop()
    }

    @Test("an entry without created_at, or with a bad one, is named")
    func missingField() async throws {
        let setup = try await setUp()
        var lines = try setup.text(of: "tweets-part1.js").components(separatedBy: "\n")
        let dates = lines.indices.filter { lines[$0].contains("\"created_at\"") }
        lines.remove(at: dates[1])
        try setup.write(lines.joined(separator: "\n"), to: "tweets-part1.js")
        let error = try await failure(setup)
        #expect(error.message == "entry 2: missing field \"created_at\"")

        lines.insert("      \"created_at\" : \"yesterday\",", at: dates[1])
        try setup.write(lines.joined(separator: "\n"), to: "tweets-part1.js")
        let badDate = try await failure(setup)
        #expect(badDate.message.hasPrefix("entry 2: created_at \"yesterday\" is not a date"))
        try await setup.db.database.drop()
    }

    @Test("garbage after the array, a file without '=', an empty file, and a missing path are errors")
    func notArchives() async throws {
        let setup = try await setUp()
        try setup.write(try setup.text(of: "tweets.js") + "\nwindow.more = 1", to: "tweets.js")
        #expect(try await failure(setup).message == "unexpected content after the array")
        try setup.write("hello", to: "tweets.js")
        #expect(try await failure(setup).message.hasPrefix("no '=' found"))
        try setup.write("", to: "tweets.js")
        #expect(try await failure(setup).message.hasPrefix("empty file"))
        await #expect(throws: InputError.self) {
            try await setup.importer.importArchive(at: setup.archive.appendingPathComponent("nope").path)
        }
        let stray = setup.archive.appendingPathComponent("notes.txt")
        try "x".write(to: stray, atomically: true, encoding: .utf8)
        await #expect(throws: InputError.self) { try await setup.importer.importArchive(at: stray.path) }
        try await setup.db.database.drop()
    }
}
