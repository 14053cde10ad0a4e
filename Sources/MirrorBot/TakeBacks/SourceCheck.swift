import Clocks
import Foundation

/// Looks up, just before the bot uses one of the human's posts (a planned post's
/// source, a past reply it answers with), whether the human still has it: one
/// that is gone is marked withdrawn and never used again.
///
/// The lookup speaks for the human (their own posts, whatever their visibility).
/// Only the network's plain "missing" marks a post withdrawn: a lookup that fails
/// (5xx, 429, timeout) throws, so the caller tries again later and nothing is marked.
public struct SourceCheck: Sendable {
    public let network: any PostLookupNetwork
    public let store: any WithdrawalStore
    public let clock: any BotClock
    public let log: Logger
    /// Deletes the bot's copies of what is found gone (`FOLLOW_DELETIONS`); nil keeps them.
    public let copies: CopyFollower?
    /// Which stored posts are the network's own; nil looks every post up.
    public let ownPosts: OwnPosts?

    public init(
        network: any PostLookupNetwork, store: any WithdrawalStore, clock: any BotClock, log: Logger, copies: CopyFollower? = nil,
        ownPosts: OwnPosts? = nil
    ) {
        self.ownPosts = ownPosts
        self.copies = copies
        self.network = network
        self.store = store
        self.clock = clock
        self.log = log
    }

    /// Whether the human's post `postID` is gone; when it is, it is marked withdrawn
    /// and reported (`use` says what the bot was about to do with it: `post` or `reply`).
    public func isGone(_ postID: String, use: BotEvent.SourceUse) async throws -> Bool {
        try await gone(among: [postID], use: use).contains(postID)
    }

    /// Of `ids`, those gone from the network, looked up `lookupBatchSize` at a time;
    /// the gone ones are marked withdrawn (each reported), the others marked checked.
    @discardableResult
    public func gone(among ids: [String], use: BotEvent.SourceUse) async throws -> Set<String> {
        try await lookUp(ids, use: use).gone
    }

    /// `gone(among:)`, also saying how many of `ids` were made on another network (`OwnPosts`):
    /// those are not looked up (marked checked, no read spent) and never withdrawn.
    ///
    /// What is found gone is withdrawn batch by batch; what is found still there is marked checked
    /// `checkedPerStatement` at a time (Mastodon and Misskey look a post up a request, and a sweep
    /// may look up hundreds), and when a lookup fails, those found before it are marked first.
    public func lookUp(_ ids: [String], use: BotEvent.SourceUse) async throws -> (gone: Set<String>, elsewhere: Int) {
        var ids = ids
        var elsewhere: [String] = []
        if let ownPosts { (ids, elsewhere) = try await ownPosts.split(ids) }
        var checked = elsewhere
        var gone = Set<String>()
        let size = max(1, network.lookupBatchSize)
        do {
            for start in stride(from: 0, to: ids.count, by: size) {
                let batch = Array(ids[start..<min(start + size, ids.count)])
                let missing = try await network.missingPosts(among: batch).intersection(batch)
                if !missing.isEmpty {
                    try await store.markWithdrawn(Array(missing), at: clock.now())
                    for id in batch where missing.contains(id) { log.report(.sourceWithdrawn(post: id, use: use)) }
                    try await copies?.follow(withdrawn: missing)
                }
                checked += batch.filter { !missing.contains($0) }
                if checked.count >= Self.checkedPerStatement {
                    try await store.markChecked(checked, at: clock.now())
                    checked = []
                }
                gone.formUnion(missing)
            }
        } catch {
            if !checked.isEmpty { try await store.markChecked(checked, at: clock.now()) }
            throw error
        }
        if !checked.isEmpty { try await store.markChecked(checked, at: clock.now()) }
        return (gone, elsewhere.count)
    }

    /// Posts found still there marked checked in one statement at most.
    static let checkedPerStatement = 500
}
