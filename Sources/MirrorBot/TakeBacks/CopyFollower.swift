/// Deletes the bot's copies of posts the human took back (`FOLLOW_DELETIONS`), each once.
public struct CopyFollower: Sendable {
    public let bot: any PostDeletingNetwork
    public let copies: any CopyStore
    public let clock: any BotClock
    public let log: Logger

    public init(bot: any PostDeletingNetwork, copies: any CopyStore, clock: any BotClock, log: Logger) {
        self.bot = bot
        self.copies = copies
        self.clock = clock
        self.log = log
    }

    /// Deletes the live copies of the withdrawn `sources`; returns how many were deleted. A
    /// deletion the network refuses or cannot answer is reported and left for the next sweep.
    @discardableResult
    public func follow(withdrawn sources: Set<String>) async throws -> Int {
        guard !sources.isEmpty else { return 0 }
        return try await delete(try await copies.liveCopies(of: sources.sorted()))
    }

    /// Deletes up to `limit` live copies of sources withdrawn earlier (a deletion that failed then).
    @discardableResult
    public func followEarlier(limit: Int) async throws -> Int {
        try await delete(try await copies.liveCopiesOfWithdrawn(limit: limit))
    }

    private func delete(_ found: [BotCopy]) async throws -> Int {
        var deleted = 0
        for copy in found {
            try Task.checkCancellation()
            do {
                try await bot.deletePost(id: copy.copyID)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                log.report(.copyDeleteFailed(copy: copy.copyID, source: copy.sourceID, error: String(describing: error)))
                continue
            }
            if try await copies.markCopyDeleted(copy, at: clock.now()) {
                deleted += 1
                log.report(.copyDeleted(copy: copy.copyID, source: copy.sourceID))
            }
        }
        return deleted
    }
}
