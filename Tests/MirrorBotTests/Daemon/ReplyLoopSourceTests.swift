import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

/// The stored post a reply reused, recorded with it (migration 018): the reply follows when
/// the human deletes that post.
@Suite("Reply loop: the source of each reply")
struct ReplyLoopSourceTests: OnLoopWorld {
    let world = LoopWorld()
    var claims: InMemoryMentionClaims { world.mentionClaims }

    func loop(sources: SourceCheck?) -> ReplyLoop {
        let settings = DaemonSettings.testing()
        return ReplyLoop(
            bot: network, botAccount: network.account, replies: posts, texts: posts.texts, cursors: InMemoryCursors(), claims: claims,
            clock: clock, settings: settings, log: log.logger, sources: sources)
    }

    /// The human's past reply `text` to user 7, stored as `id`.
    func stored(_ id: String, _ text: String) async {
        await posts.store([Post(id: id, text: "@user7 \(text)", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                                inReplyToUserID: "7", inReplyToScreenName: "user7")])
    }

    func mention(_ id: Int) -> NetworkPost {
        NetworkPost(id: String(id), text: "@mirror やあ", createdAt: clock.now().addingTimeInterval(-60), authorID: "7", authorUsername: "user7")
    }

    @Test("of two stored posts with the reply's text, the one the human still has is recorded, not the one they deleted")
    func keptSourceRecorded() async throws {
        await stored("gone", "また明日")
        await stored("kept", "また明日")
        let lookups = GoneLookups(gone: ["gone"])
        let check = SourceCheck(network: lookups, store: lookups, clock: clock, log: log.logger)
        network.addMentions([mention(101)], of: network.account.id)
        _ = try await loop(sources: check).runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await claims.records["101"]?.state == .replied)
        #expect(await claims.records["101"]?.source == "kept")
        // Looked up one at a time: the deleted one is withdrawn when it was drawn first.
        #expect(await lookups.withdrawn.allSatisfy { $0 == "gone" })
    }

    /// `count` past replies to user 7 (ids `r0`, `r1`, ...), all gone but `kept`; a mention by user 7, one round.
    func round(replies count: Int, kept: Set<String>, batch: Int = 25) async throws -> GoneLookups {
        await posts.store((0..<count).map { index in
            Post(id: "r\(index)", text: "@user7 返事\(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
                 inReplyToUserID: "7", inReplyToScreenName: "user7")
        })
        let lookups = GoneLookups(gone: Set((0..<count).map { "r\($0)" }).subtracting(kept), batch: batch)
        network.addMentions([mention(101)], of: network.account.id)
        _ = try await loop(sources: SourceCheck(network: lookups, store: lookups, clock: clock, log: log.logger)).runOnce()
        return lookups
    }

    @Test("3 of 380 past replies left: the mention is answered with one of them in the same round, looked up 1, 2, 4, 8, 16, then 25 at a time")
    func fewLeftAnswered() async throws {
        let kept: Set<String> = ["r17", "r200", "r379"]
        let lookups = try await round(replies: 380, kept: kept)
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        let source = try #require(await claims.records["101"]?.source)
        #expect(kept.contains(source))
        let requests = await lookups.requests
        #expect(requests.map(\.count).prefix(6) == [1, 2, 4, 8, 16, 25].prefix(requests.count), "\(requests.map(\.count))")
        #expect(requests.allSatisfy { $0.count <= 25 } && requests.count <= 19, "\(requests.map(\.count))")
        #expect(Set(await lookups.withdrawn).isDisjoint(with: kept))
    }

    @Test("none of 380 past replies left: every one is looked up and withdrawn, and the mention is silent")
    func noneLeftSilent() async throws {
        let lookups = try await round(replies: 380, kept: [])
        #expect(network.writes.isEmpty)
        #expect(await claims.records["101"]?.state == .silent)
        #expect(await lookups.withdrawn.count == 380)
        // 1 + 2 + 4 + 8 + 16, then 25 at a time: 5 + 14 requests.
        #expect(await lookups.requests.count == 19)
    }

    @Test("past the bound (500 drawn, all gone, more left) the mention is not silent: released, drawn again at the next poll")
    func pastTheBound() async throws {
        let lookups = try await round(replies: 600, kept: [])
        #expect(network.writes.isEmpty)
        #expect(await claims.records["101"] == nil)
        #expect(await lookups.requests.flatMap { $0 }.count == ReplyLoop.maximumDrawn)
        #expect(log.events("reply_draw_continues").count == 1)
        #expect(log.events("reply_silent").isEmpty)
    }

    @Test("all 380 left: an answer looks up one past reply; when the bot sent every text before, five (X may refuse repeats)")
    func allLeftFewLookups() async throws {
        let all = Set((0..<380).map { "r\($0)" })
        let lookups = try await round(replies: 380, kept: all)
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await lookups.requests.map(\.count) == [1])

        for index in 0..<380 { try await posts.texts.recordPosted(text: "返事\(index)", at: clock.now()) }
        network.addMentions([mention(102)], of: network.account.id)
        _ = try await loop(sources: SourceCheck(network: lookups, store: lookups, clock: clock, log: log.logger)).runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101"), .reply(to: "102")])
        #expect(await lookups.requests.map(\.count) == [1, 5])
    }

    @Test("on a network that looks up one note a request, an answer looks up one past reply")
    func oneNoteARequest() async throws {
        let all = Set((0..<380).map { "r\($0)" })
        let lookups = try await round(replies: 380, kept: all, batch: 1)
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await lookups.requests.map(\.count) == [1])
    }

    @Test("texts the bot never sent are looked up first: the one unused reply of 30 is the one looked up and sent")
    func unusedLookedUpFirst() async throws {
        for index in 0..<30 { await stored("r\(index)", "返事\(index)") }
        for index in 0..<30 where index != 12 { try await posts.texts.recordPosted(text: "返事\(index)", at: clock.now()) }
        let lookups = GoneLookups(gone: [], batch: 1)
        network.addMentions([mention(101)], of: network.account.id)
        _ = try await loop(sources: SourceCheck(network: lookups, store: lookups, clock: clock, log: log.logger)).runOnce()
        #expect(await lookups.requests == [["r12"]])
        #expect(await claims.records["101"]?.source == "r12")
    }

    @Test("without lookups the stored post is recorded all the same; a silent mention records none")
    func sourceWithoutLookups() async throws {
        await stored("only", "おやすみ")
        network.addMentions([mention(101)], of: network.account.id)
        network.addMentions([NetworkPost(id: "102", text: "@mirror 誰？", createdAt: clock.now(), authorID: "8", authorUsername: "user8")],
                            of: network.account.id)
        _ = try await loop(sources: nil).runOnce()
        #expect(await claims.records["101"]?.source == "only")
        #expect(await claims.records["102"]?.state == .silent)
        #expect(await claims.records["102"]?.source == nil)
    }
}

/// Lookups where the posts `gone` are missing, and the store that marks them.
actor GoneLookups: PostLookupNetwork, WithdrawalStore {
    let gone: Set<String>
    private(set) var withdrawn: [String] = []
    /// The lookup requests made, each with its ids.
    private(set) var requests: [[String]] = []

    /// Posts one lookup request takes at most (Bluesky 25; Misskey 1).
    nonisolated let lookupBatchSize: Int

    init(gone: Set<String>, batch: Int = 25) {
        self.gone = gone
        lookupBatchSize = batch
    }

    func missingPosts(among ids: [String]) async throws -> Set<String> {
        requests.append(ids)
        return gone.intersection(ids)
    }

    func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int {
        let new = ids.filter { !withdrawn.contains($0) }
        withdrawn += new
        return new.count
    }
    func markChecked(_ ids: [String], at date: Date) async throws {}
    func withdrawnCount() async throws -> Int { withdrawn.count }
    func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] { [] }
}
