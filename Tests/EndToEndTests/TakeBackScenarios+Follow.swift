import Foundation
import Testing

/// Issue 26's copies that follow or stay: `FOLLOW_DELETIONS=false`, and the bot's replies.
extension TakeBackWorld {
    func countOf(_ event: String) -> Int { output.components(separatedBy: "event=\(event)").count - 1 }

    /// `FOLLOW_DELETIONS=false`: the bot posts a copy, the human deletes its source, the sweep
    /// finds it gone and withdraws it; the copy stays (nothing deleted over more sweeps), and the
    /// source is never used again.
    func copyStaysWithoutFollowDeletions() async throws {
        let daemon = try startDaemon(Self.sweepBudget(readsPerRound: 25).merging(["FOLLOW_DELETIONS": "false"]) { $1 })
        #expect(await waitFor(30) { writeCounts.posts == 1 && output.contains("event=posted ") }, "\(output)")
        let slot = try await connection.query("SELECT source_post_id, text FROM plan_slots WHERE state = 'posted'")
        let source = try #require(try slot.first?.decode("source_post_id", as: String.self))
        let text = try #require(try slot.first?.decode("text", as: String.self))
        humanDeletes(source)
        #expect(await waitFor(30) { output.contains("event=source_withdrawn") && output.contains("post=\(source) ") }, "\(output)")
        let sweeps = countOf("deletion_sweep")
        #expect(await waitFor(30) { countOf("deletion_sweep") >= sweeps + 2 }, "\(output)")
        #expect(stop(daemon) == 0)
        #expect(deletedIDs.isEmpty, "\(deletedIDs)")
        #expect(countOf("copy_deleted") == 0 && countOf("copy_delete_failed") == 0, "\(output)")
        #expect(try await withdrawnIDs() == [source])
        #expect(try await connection.query("SELECT count(*) AS n FROM deleted_copies").first?.decode("n", as: Int.self) == 0)
        // Never used again: no other slot took it, and it went out once.
        let uses = try await connection.query("SELECT count(*) AS n FROM plan_slots WHERE source_post_id = \(source)")
        #expect(try uses.first?.decode("n", as: Int.self) == 1)
        #expect(postedTexts.filter { $0 == text }.count == 1, "\(postedTexts)")
    }

    /// The bot answers the friend with one of the human's past replies (recorded as its source);
    /// the human deletes that reply; the next sweep deletes the bot's reply, once.
    func replyCopyFollowsWithinOneSweep() async throws {
        _ = friendMentionsBotAgain()
        let daemon = try startDaemon(Self.sweepBudget(readsPerRound: 25))
        #expect(await waitFor(40) { writeCounts.replies >= 1 && output.contains("event=replied ") }, "\(output)")
        let row = try await connection.query(
            "SELECT reply_id, source_post_id FROM replies WHERE state = 'replied' AND reply_id IS NOT NULL ORDER BY updated_at LIMIT 1")
        let reply = try #require(try row.first?.decode("reply_id", as: String.self))
        let source = try #require(row.first?["source_post_id"], "the reply's source was not recorded")
        #expect(try await stored(replies: true).map(\.id).contains(source))
        let sweepsBefore = countOf("deletion_sweep")
        humanDeletes(source)
        #expect(await waitFor(30) { output.contains("event=copy_deleted loop=learning id=\(reply) source=\(source)") }, "\(output)")
        #expect(deletedIDs == [reply], "\(output)")
        #expect(countOf("deletion_sweep") - sweepsBefore <= 2, "\(output)")
        let sweeps = countOf("deletion_sweep")
        #expect(await waitFor(30) { countOf("deletion_sweep") >= sweeps + 2 }, "\(output)")
        #expect(deletedIDs == [reply])  // once
        #expect(stop(daemon) == 0)
        #expect(try await connection.query("SELECT copy_id FROM deleted_copies").map { try $0.decode("copy_id", as: String.self) } == [reply])
    }
}
