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
        #expect(await lookups.withdrawn == ["gone"])
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

    init(gone: Set<String>) { self.gone = gone }

    nonisolated var lookupBatchSize: Int { 25 }
    func missingPosts(among ids: [String]) async throws -> Set<String> { gone.intersection(ids) }

    func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int {
        let new = ids.filter { !withdrawn.contains($0) }
        withdrawn += new
        return new.count
    }
    func markChecked(_ ids: [String], at date: Date) async throws {}
    func withdrawnCount() async throws -> Int { withdrawn.count }
    func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] { [] }
}
