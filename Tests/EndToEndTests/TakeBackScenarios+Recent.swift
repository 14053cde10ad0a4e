import Foundation
import MirrorBot
import MirrorBotPostgres
import Testing

/// Issue 38's take-backs at the human's speed: the bot's recent copies followed every learning
/// round, and a reply found among the human's few replies left.
extension TakeBackWorld {
    /// The log printed after `mark` (a length of `output` taken before).
    func output(after mark: Int) -> Substring { output.dropFirst(mark) }

    /// At the defaults, with 35% of the lookup requests failing (503, before the client's retries):
    /// the bot posts a copy and answers the friend with one of the human's replies; over several
    /// rounds nothing is deleted while their sources exist; the human deletes them, and each copy
    /// goes at the first learning round that looks its source up after that (one round), once.
    func recentCopiesFollowEveryRound() async throws {
        _ = friendMentionsBotAgain()
        let daemon = try startDaemon()
        #expect(await waitFor(40) { writeCounts.posts == 1 && writeCounts.replies >= 1 }, "\(output)")
        #expect(await waitForMoreRounds())
        let rows = try await connection.query("""
            SELECT posted_id AS copy, source_post_id AS source FROM plan_slots WHERE state = 'posted'
            UNION ALL SELECT reply_id, source_post_id FROM replies WHERE state = 'replied' AND reply_id IS NOT NULL
            """)
        let copies = try rows.map { (copy: try $0.decode("copy", as: String.self), source: try $0.decode("source", as: String.self)) }
        try #require(copies.count >= 2, "\(output)")
        let sources = Set(copies.map(\.source))

        failLookups(probability: 0.35)
        // Several rounds with every source there: never a deletion, whatever failed.
        let quiet = output.count
        #expect(await waitFor(60) {
            output(after: quiet).split(separator: "\n").filter {
                $0.contains("event=recent_copies_checked") && !$0.contains(" checked=0 ") && $0.contains(" gone=0")
            }.count >= 4
        }, "\(output)")
        #expect(deletedIDs.isEmpty, "\(output)")
        #expect(try await withdrawnIDs().isEmpty)

        let mark = output.count
        for source in sources { humanDeletes(source) }
        // Found gone by the recent copies' rechecks (logged before each copy is deleted).
        func foundByRecheck(_ source: String) -> Bool { output(after: mark).contains("post=\(source) use=recent_copy") }
        #expect(await waitFor(60) { Set(deletedIDs) == Set(copies.map(\.copy)) && sources.allSatisfy(foundByRecheck) }, "\(output(after: mark))")
        // Within one round: at most the round already under way when they were deleted looked one up
        // and found it there (a round whose lookups all failed, `checked=0`, looked nothing up).
        let lines = output(after: mark).split(separator: "\n")
        let firstGone = lines.firstIndex { $0.contains("event=source_withdrawn") && $0.contains("use=recent_copy") }
        let checkedBefore = lines[..<(firstGone ?? lines.endIndex)]
            .filter { $0.contains("event=recent_copies_checked") && !$0.contains(" checked=0 ") }.count
        #expect(firstGone != nil && checkedBefore <= 1, "\(output(after: mark))")
        // Two more learning rounds (each ends with the take-backs' totals): nothing deleted twice.
        let rounds = output.components(separatedBy: "event=take_back_counts").count
        #expect(await waitFor(60) { output.components(separatedBy: "event=take_back_counts").count >= rounds + 2 }, "\(output)")
        failLookups(probability: 0)
        #expect(stop(daemon) == 0)
        #expect(deletedIDs.sorted() == copies.map(\.copy).sorted(), "\(output)")  // once each
        #expect(try await withdrawnIDs() == sources)
    }

    /// The human has 380 replies to the friend; `left` of them are still on the network. A mention
    /// by the friend is answered with one of those within one poll, the lookups batched; with none
    /// left, it is silent.
    func replyFoundAmongFewLeft(left: Int) async throws {
        // After the world's history (its last post a day ago): the fakes' ids carry their time and only grow.
        let start = Date().addingTimeInterval(-20 * 3_600)
        var added: [Post] = []
        for index in 0..<378 {
            var post = Post(
                id: "", text: "@friend 返事その\(index)", createdAt: start.addingTimeInterval(Double(index) * 60),
                inReplyToUserID: Self.friend, inReplyToScreenName: "friend")
            post.id = publishHuman(post)
            added.append(post)
        }
        let store = try await PostgresPostStore.open(connection: connection, timeZone: .gmt, limit: 10_000)
        try await store.store(added)
        let all = try await stored(replies: true)
        try #require(all.count == 380)
        let kept = Array(all.shuffled().prefix(left))
        for reply in all where !kept.contains(where: { $0.id == reply.id }) { humanDeletes(reply.id) }
        _ = friendMentionsBotAgain()

        let daemon = try startDaemon()
        if left > 0 {
            #expect(await waitFor(60) { writeCounts.replies == 1 }, "\(output)")
        } else {
            #expect(await waitFor(60) { output.contains("event=reply_silent") }, "\(output)")
        }
        #expect(stop(daemon) == 0)
        #expect(!output.contains("event=reply_draw_continues"), "\(output)")
        #expect(!output.contains("event=round_failed loop=replies"), "\(output)")
        if left > 0 {
            let bodies = kept.map { String($0.text.drop { $0 != " " }.dropFirst()) }
            #expect(replyTexts.count == 1 && bodies.contains { replyTexts[0].hasSuffix($0) }, "\(replyTexts) \(bodies)")
        } else {
            #expect(replyTexts.isEmpty)
        }
        // Batched: no more requests than the 380 replies take in the network's batches, plus the
        // sweep's and the check before the planned post.
        let batches = (380 + lookupBatch - 1) / lookupBatch
        #expect(humanLookups <= batches + 40, "\(humanLookups) lookups for \(batches) batches")
        let withdrawn = try await withdrawnIDs()
        #expect(withdrawn.isDisjoint(with: kept.map(\.id)))
        if left == 0 { #expect(withdrawn == Set(all.map(\.id))) }
    }
}
