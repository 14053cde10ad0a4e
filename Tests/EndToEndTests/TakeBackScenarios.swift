import FakeBluesky
import FakeHTTP
import FakeMastodon
import FakeMisskey
import FakeX
import Foundation
import MirrorBot
import Postgres
import Testing

/// A daemon world where the human can take posts back: the scenarios of issue 26, on every network.
protocol TakeBackWorld: DaemonWorld, DaemonWriteLog {
    var connection: PostgresConnection { get }
    /// The account the human replied to before (the stored replies' target).
    static var friend: String { get }
    /// The human deletes their post `id` on the fake network.
    func humanDeletes(_ id: String)
    /// The fake's endpoint that answers the bot's lookups of the human's posts.
    var lookupEndpoint: String { get }
    /// The next `count` lookups fail with a 503.
    func failLookups(count: Int)
    /// Posts one lookup request takes on this network (X 100, Bluesky 25, Mastodon 20, Misskey 1).
    var lookupBatch: Int { get }
    /// The ids of the posts the bot deleted, as the fake accepted the deletions.
    var deletedIDs: [String] { get }
    /// Lookups the fake answered for the human's account (the bot's own reads of posts left out).
    var humanLookups: Int { get }
    /// From now on each lookup fails (503) with this probability (0: none).
    func failLookups(probability: Double)
    /// Adds one of the human's posts to the fake; returns its id there.
    var publishHuman: (Post) -> String { get }
}

extension TakeBackWorld {
    /// The human's stored originals or replies: (id, text), by id.
    func stored(replies: Bool) async throws -> [(id: String, text: String)] {
        try await connection.query("""
            SELECT id, text FROM posts WHERE (in_reply_to_user_id IS NOT NULL) = \(replies) ORDER BY id
            """).map { (try $0.decode("id", as: String.self), try $0.decode("text", as: String.self)) }
    }

    func withdrawnIDs() async throws -> Set<String> {
        Set(try await connection.query("SELECT post_id FROM withdrawn_posts").map { try $0.decode("post_id", as: String.self) })
    }

    /// The human deleted all but one of their originals and one of their two replies to the
    /// friend: the slot posts the one left, the friend gets the reply left, and only deleted
    /// posts are marked withdrawn (each logged).
    func deletedSourcesAreNeverUsed() async throws {
        let originals = try await stored(replies: false)
        let replies = try await stored(replies: true)
        try #require(originals.count == 20 && replies.count == 2)
        let kept = originals[7]
        let keptReply = replies[1]
        let deleted = Set(originals.map(\.id).filter { $0 != kept.id } + [replies[0].id])
        for id in deleted { humanDeletes(id) }
        _ = friendMentionsBotAgain()

        let daemon = try startDaemon()
        #expect(await waitFor(40) { writeCounts.posts >= 1 && writeCounts.replies >= 1 }, "\(output)")
        #expect(await waitForMoreRounds(), "\(output)")
        #expect(postedTexts == [kept.text], "\(output)")
        let keptBody = String(keptReply.text.drop { $0 != " " }.dropFirst())
        #expect(replyTexts.count == 1 && replyTexts[0].hasSuffix(keptBody), "\(replyTexts) \(keptBody)")
        // Stopped first: the sweep goes on marking while it runs, so the table and the log are
        // compared once neither can move (read while it ran, the log could be a line ahead).
        #expect(stop(daemon) == 0)
        let withdrawn = try await withdrawnIDs()
        #expect(withdrawn.isSubset(of: deleted), "\(withdrawn)")
        // Each withdrawn post logged (the posting loop and the sweep may both find one gone at once).
        let logged = Set(output.split(separator: "\n").filter { $0.contains("event=source_withdrawn") }
            .compactMap { line in line.split(separator: " ").first { $0.hasPrefix("post=") }.map { String($0.dropFirst(5)) } })
        #expect(logged == withdrawn, "\(output)")
    }

    /// Every lookup fails (503 after the client's retries): nothing is posted unchecked,
    /// nothing is marked withdrawn, and the daemon keeps running.
    func failedLookupWithdrawsNothing() async throws {
        failLookups(count: 10_000)
        _ = friendMentionsBotAgain()
        let daemon = try startDaemon()
        // The loops back off after each failed round (5 s, 10 s, ...): two failed rounds each are enough.
        #expect(await waitFor(60) {
            output.components(separatedBy: "event=round_failed loop=posting").count > 2
                && output.components(separatedBy: "event=round_failed loop=replies").count > 2
        }, "\(output)")
        #expect(requestCount(lookupEndpoint) >= 8)
        #expect(writeCounts.posts == 0 && writeCounts.replies == 0, "\(output)")
        #expect(try await withdrawnIDs().isEmpty)
        #expect(!output.contains("event=source_withdrawn"))
        #expect(stop(daemon) == 0)
    }

    /// The daemon's learning rounds sweep (a poll a second: learning every 4 s): `readsPerRound` a round.
    static func sweepBudget(readsPerRound: Int) -> [String: String] {
        ["DELETION_CHECK_READS_PER_DAY": String(readsPerRound * 86_400 / 4)]
    }

    /// The bot posts a copy; the human deletes the post it copied; the next sweep finds it
    /// gone and deletes the bot's copy, once.
    func copyFollowsWithinOneSweep() async throws {
        let daemon = try startDaemon(Self.sweepBudget(readsPerRound: 25))
        #expect(await waitFor(30) { writeCounts.posts == 1 && output.contains("event=posted ") }, "\(output)")
        let slot = try await connection.query("SELECT source_post_id, posted_id FROM plan_slots WHERE state = 'posted'")
        let source = try #require(try slot.first?.decode("source_post_id", as: String.self))
        let copy = try #require(try slot.first?.decode("posted_id", as: String.self))
        let sweepsBefore = output.components(separatedBy: "event=deletion_sweep").count
        humanDeletes(source)
        #expect(await waitFor(30) { output.contains("event=copy_deleted") }, "\(output)")
        #expect(deletedIDs == [copy], "\(output)")
        // One sweep after the deletion (the one running when it happened may be a second).
        #expect(output.components(separatedBy: "event=deletion_sweep").count - sweepsBefore <= 2, "\(output)")
        #expect(output.contains("event=copy_deleted loop=learning id=\(copy) source=\(source)"), "\(output)")
        #expect(try await withdrawnIDs() == [source])
        let sweeps = output.components(separatedBy: "event=deletion_sweep").count
        #expect(await waitFor(30) { output.components(separatedBy: "event=deletion_sweep").count >= sweeps + 2 }, "\(output)")
        #expect(deletedIDs == [copy])  // once
        #expect(stop(daemon) == 0)
    }

    /// A sweep of 3 posts a round: every round looks up at most 3, and the fake counts no more
    /// lookups than the rounds' share plus one a post and a reply (the check before each) plus
    /// the recent copies' rechecks (outside the sweep's budget, each logged with its count).
    func sweepStaysWithinBudget() async throws {
        _ = friendMentionsBotAgain()
        let daemon = try startDaemon(Self.sweepBudget(readsPerRound: 3))
        #expect(await waitFor(60) { output.components(separatedBy: "event=deletion_sweep").count > 9 }, "\(output)")
        #expect(stop(daemon) == 0)
        let sweeps = output.split(separator: "\n").filter { $0.contains("event=deletion_sweep") }
        #expect(sweeps.allSatisfy { $0.contains(" checked=3 ") || $0.contains(" checked=2 ") || $0.contains(" checked=1 ") }, "\(sweeps)")
        let perRound = (3 + lookupBatch - 1) / lookupBatch
        let rechecks = output.split(separator: "\n").filter { $0.contains("event=recent_copies_checked") }.map { line in
            let checked = line.split(separator: " ").first { $0.hasPrefix("checked=") }.flatMap { Int($0.dropFirst(8)) } ?? 0
            return (checked + lookupBatch - 1) / lookupBatch
        }.reduce(0, +)
        // The round the stop cut short may have looked its copies' sources up without its line (one request each at most).
        let cutShort = writeCounts.posts + writeCounts.replies
        let lookups = humanLookups
        #expect(lookups >= sweeps.count)
        #expect(lookups <= sweeps.count * perRound + writeCounts.posts + writeCounts.replies + rechecks + cutShort,
                "\(lookups) lookups, \(sweeps.count) sweeps, \(rechecks) rechecks")
        // Longest-unchecked first: 9 rounds of 3 have looked up every one of the 22 stored posts.
        #expect(try await connection.query("SELECT count(*) AS n FROM posts WHERE checked_at IS NOT NULL").first?.decode("n", as: Int.self) == 22)
    }
}

extension DaemonHarness: TakeBackWorld {
    func failLookups(probability: Double) { server.setFaultProbability(probability, fault: .serverError(status: 503), endpoint: lookupEndpoint) }
    func humanDeletes(_ id: String) { server.deleteTweet(id: id) }
    var lookupEndpoint: String { "GET /2/tweets" }
    func failLookups(count: Int) { server.injectFault(.serverError(status: 503), count: count, endpoint: lookupEndpoint) }
    var lookupBatch: Int { 100 }
    var humanLookups: Int { server.requests.filter { $0.endpoint == lookupEndpoint && $0.userID == Self.human }.count }
    var deletedIDs: [String] { server.writes.compactMap { if case .delete(let id, _) = $0 { id } else { nil } } }
}

extension MastodonDaemonHarness: TakeBackWorld {
    func failLookups(probability: Double) { server.setFaultProbability(probability, fault: .serverError(status: 503), endpoint: lookupEndpoint) }
    func humanDeletes(_ id: String) { server.deleteStatus(id: id) }
    var lookupEndpoint: String { "GET /api/v1/statuses" }
    func failLookups(count: Int) { server.injectFault(.serverError(status: 503), count: count, endpoint: lookupEndpoint) }
    var lookupBatch: Int { 20 }
    var humanLookups: Int { server.requests.filter { $0.endpoint == lookupEndpoint && $0.accountID == Self.human }.count }
    var deletedIDs: [String] { server.writes.compactMap { if case .delete(let id, _) = $0 { id } else { nil } } }
}

extension BlueskyDaemonHarness: TakeBackWorld {
    func failLookups(probability: Double) { server.setFaultProbability(probability, fault: .serverError(status: 503), endpoint: lookupEndpoint) }
    func humanDeletes(_ id: String) { server.deletePost(uri: id) }
    var lookupEndpoint: String { "GET app.bsky.feed.getPosts" }
    func failLookups(count: Int) { server.injectFault(.serverError(status: 503), count: count, endpoint: lookupEndpoint) }
    var lookupBatch: Int { 25 }
    var humanLookups: Int { server.requests.filter { $0.endpoint == lookupEndpoint && $0.did == Self.human }.count }
    var deletedIDs: [String] { server.writes.compactMap { if case .delete(let uri, _) = $0 { uri } else { nil } } }
}

extension MisskeyDaemonHarness: TakeBackWorld {
    func failLookups(probability: Double) { server.setFaultProbability(probability, fault: .serverError(status: 503), endpoint: lookupEndpoint) }
    func humanDeletes(_ id: String) { server.deleteNote(id: id) }
    var lookupEndpoint: String { "POST /api/notes/show" }
    func failLookups(count: Int) { server.injectFault(.serverError(status: 503), count: count, endpoint: lookupEndpoint) }
    var lookupBatch: Int { 1 }
    var humanLookups: Int { server.requests.filter { $0.endpoint == lookupEndpoint && $0.userId == Self.human }.count }
    var deletedIDs: [String] { server.writes.compactMap { if case .delete(let id, _) = $0 { id } else { nil } } }
}
