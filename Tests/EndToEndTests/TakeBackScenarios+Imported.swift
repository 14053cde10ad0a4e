import Foundation
import Postgres
import TestSupport
import Testing

/// The human moved networks: posts imported from another network's export keep that network's
/// ids, which the bot's network would call missing. They must never be taken for deleted ones.
enum ForeignIDs {
    /// An X snowflake made at `date` (`sequence` in the low bits).
    static func x(_ date: Date, sequence: Int) -> String {
        String((UInt64(date.timeIntervalSince1970 * 1000) - 1_288_834_974_657) << 22 | UInt64(sequence))
    }

    /// A Mastodon status id made at `date`.
    static func mastodon(_ date: Date, sequence: Int) -> String {
        String(UInt64(date.timeIntervalSince1970 * 1000) << 16 | UInt64(sequence))
    }
}

extension TakeBackWorld {
    /// The human's originals are replaced by the same texts and times imported from another
    /// network (`foreignID`: its id for a time) and gone from this network, as after a move: the
    /// bot reposts one, the sweep passes over all of them (`elsewhere=`) and nothing is withdrawn.
    func importedFromElsewhereAreNeverWithdrawn(foreignID: (Date, Int) -> String) async throws {
        let originals = try await connection.query(
            "SELECT id, text, created_at FROM posts WHERE in_reply_to_user_id IS NULL ORDER BY created_at")
        try #require(originals.count == 20)
        for row in originals { humanDeletes(try row.decode("id")) }
        try await connection.execute(unsafeSQL: "DELETE FROM posts WHERE in_reply_to_user_id IS NULL")
        let formatter = ISO8601DateFormatter()
        var lines: [String] = []
        var texts: Set<String> = []
        for (index, row) in originals.enumerated() {
            let date: Date = try row.decode("created_at")
            let text: String = try row.decode("text")
            texts.insert(text)
            let object = ["id": foreignID(date, index), "text": text, "created_at": formatter.string(from: date)]
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("moved-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let imported = try BinaryRunner.run(["import", "--jsonl", file.path], environment: environment)
        try #require(imported.status == 0, "\(imported.stderr)")

        let daemon = try startDaemon(Self.sweepBudget(readsPerRound: 25))
        #expect(await waitFor(40) { writeCounts.posts >= 1 && output.contains(" elsewhere=20") }, "\(output)")
        #expect(await waitFor(30) { output.components(separatedBy: "event=deletion_sweep").count > 3 }, "\(output)")
        #expect(stop(daemon) == 0)
        #expect(postedTexts.allSatisfy(texts.contains), "\(postedTexts)")
        #expect(!postedTexts.isEmpty)
        #expect(try await withdrawnIDs().isEmpty, "\(output)")
        #expect(!output.contains("event=source_withdrawn"), "\(output)")
    }
}
