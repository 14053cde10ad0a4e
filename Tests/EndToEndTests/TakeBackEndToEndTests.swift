import Foundation
import Testing

/// Issue 26's scenarios, each on every network's fake.
@Suite("Take-backs and opt-outs against every fake network", .serialized)
struct TakeBackEndToEndTests {
    enum Network: String, CaseIterable, CustomStringConvertible {
        case x, mastodon, bluesky, misskey
        var description: String { rawValue }
    }

    /// A set-up world of `network`, torn down after `body`.
    static func inWorld(_ network: Network, _ body: (any TakeBackWorld & ProfileWorld) async throws -> Void) async throws {
        switch network {
        case .x: try await DaemonHarness.with { try await $0.setUp(); try await body($0); await $0.tearDown() }
        case .mastodon: try await MastodonDaemonHarness.with { try await $0.setUp(); try await body($0); await $0.tearDown() }
        case .bluesky: try await BlueskyDaemonHarness.with { try await $0.setUp(); try await body($0); await $0.tearDown() }
        case .misskey: try await MisskeyDaemonHarness.with { try await $0.setUp(); try await body($0); await $0.tearDown() }
        }
    }

    @Test("a source the human deleted before its slot is never posted nor reused as a reply", arguments: Network.allCases)
    func deletedSources(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.deletedSourcesAreNeverUsed() }
    }

    @Test("posts imported from another network (X on Mastodon, Mastodon on X, ...) are reposted and never taken for deleted ones",
          arguments: Network.allCases)
    func importedFromElsewhere(network: Network) async throws {
        try await Self.inWorld(network) { world in
            try await world.importedFromElsewhereAreNeverWithdrawn(foreignID: network == .x ? ForeignIDs.mastodon : ForeignIDs.x)
        }
    }

    @Test("a lookup that fails (503) withdraws nothing and posts nothing unchecked", arguments: Network.allCases)
    func failedLookup(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.failedLookupWithdrawsNothing() }
    }

    @Test("the bot's copy of a post the human deleted is deleted within one sweep, once", arguments: Network.allCases)
    func copyFollows(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.copyFollowsWithinOneSweep() }
    }

    @Test("at the defaults, with 35% of lookups failing: the bot's fresh copies go within one learning round of their sources' deletion, once, and never before",
          arguments: Network.allCases)
    func recentCopiesFollow(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.recentCopiesFollowEveryRound() }
    }

    @Test("3 of the human's 380 replies to a person left: a mention is answered with one of the 3 within one poll, lookups batched",
          arguments: Network.allCases)
    func fewRepliesLeft(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.replyFoundAmongFewLeft(left: 3) }
    }

    @Test("none of the human's 380 replies to a person left: the mention is silent, every one withdrawn", arguments: Network.allCases)
    func noReplyLeft(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.replyFoundAmongFewLeft(left: 0) }
    }

    @Test("FOLLOW_DELETIONS=false: the source vanishes, the bot's copy stays, and the source is never used again", arguments: Network.allCases)
    func copyStays(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.copyStaysWithoutFollowDeletions() }
    }

    @Test("the bot's reply that reused a past reply of the human's is deleted within one sweep after they delete it, once",
          arguments: Network.allCases)
    func replyCopyFollows(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.replyCopyFollowsWithinOneSweep() }
    }

    @Test("the sweep looks up no more posts than its budget (lookups counted by the fake)", arguments: Network.allCases)
    func sweepBudget(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.sweepStaysWithinBudget() }
    }

    @Test("a person whose profile says #nobot or #noai gets no reply and no like, across a restart, read once a day",
          arguments: Network.allCases)
    func profileSaysNo(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.profileNoIsHonouredAcrossRestart() }
    }

    @Test("a person who says stop, or whom the operator adds, gets no reply and no like, across a restart, until removed",
          arguments: Network.allCases)
    func stopHonoured(network: Network) async throws {
        try await Self.inWorld(network) { try await $0.stopIsHonouredAcrossRestart() }
    }
}
