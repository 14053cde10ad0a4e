import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing

@Suite("mirror-bot on Misskey with posts imported from X", .serialized)
struct MisskeyPlainTextEndToEndTests {
    /// An X post with what MFM reads as bold, a function and a custom emoji.
    static let original = "**太字のつもり** と $[x2 大きく] :smile:"
    /// The same characters as Misskey must receive them: each opening wrapped in `<plain>`.
    static let literal = "<plain>**</plain>太字のつもり<plain>**</plain> と <plain>$[</plain>x2 大きく] <plain>:</plain>smile:"

    @Test("an X post imported as JSONL with ** and $[x2 …] goes out as a note with the markup kept literal (and is not taken for a deleted note)")
    func importedPlainText() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            // The human moved from X: the originals are their X posts (numeric ids), imported as JSONL.
            // Their Misskey account holds none of these originals (else the learning loop, reading the
            // human's notes, could store one back before the first slot and the bot post it).
            let originals = try await harness.connection.query(
                "SELECT id, created_at FROM posts WHERE in_reply_to_user_id IS NULL ORDER BY created_at")
            for row in originals { harness.server.deleteNote(id: try row.decode("id") as String) }
            try await harness.connection.execute(unsafeSQL: "DELETE FROM posts WHERE in_reply_to_user_id IS NULL")
            let formatter = ISO8601DateFormatter()
            var lines: [String] = []
            for (day, row) in originals.enumerated() {
                let date: Date = try row.decode("created_at")
                let object: [String: String] = ["id": "18000000000000000\(day + 10)", "text": "\(Self.original) \(day)", "created_at": formatter.string(from: date)]
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("x-posts-\(UUID().uuidString).jsonl")
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let imported = try BinaryRunner.run(["import", "--jsonl", file.path], environment: harness.environment)
            #expect(imported.status == 0, "\(imported.stderr)")

            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.notes.count >= 1 }, "\(harness.output)")
            let note = try #require(harness.notes.first)
            #expect(note.text.hasPrefix(Self.literal + " "), "\(note.text)")
            #expect(Int(note.text.dropFirst(Self.literal.count + 1)) != nil, "\(note.text)")
            #expect(!harness.output.contains("event=source_withdrawn"), "\(harness.output)")
            #expect(harness.stop(daemon) == 0)
        }
    }
}
