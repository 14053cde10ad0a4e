import Foundation

/// Mentions whose answer was interrupted: claimed, then neither finished nor released,
/// because the daemon or host answering died mid-answer (its bots taken over by another
/// host), or PostgreSQL went away after the reply went out. Not left unanswered: the bot
/// looks for its reply among its own latest posts, and answers when it is not there.
extension ReplyLoop {
    /// A claim older than this (the bot's clock, from the claim) was interrupted. A living
    /// daemon finishes or releases its claim sooner: its client waits out a rate limit at most
    /// twice, each wait at most a window (X: 15 minutes) and a minute, and its other waits are
    /// seconds. Shorter, two daemons of one bot (a rolling deploy) could both answer.
    static let interruptedAfter: TimeInterval = 40 * 60
    /// How often interrupted claims are looked for (the bot's clock): a statement each time.
    static let interruptedCheckEvery: TimeInterval = 10 * 60
    /// The bot's own latest posts read, at most, for the replies to interrupted claims.
    static let interruptedLookBack = 200

    /// Every `interruptedCheckEvery`: each interrupted claim whose reply is among the bot's
    /// latest posts is recorded as replied; one the bot has no reply to is held again, due at
    /// `now`, and answered as a held mention at the next round (its author's consent asked
    /// again). One older than the posts read is skipped, said in its reason: whether it was
    /// answered cannot be told (at most once). When the bot's posts cannot be read, the claims
    /// wait for the next look.
    func resumeInterrupted(now: Date) async throws {
        let due = interruptedCheckedAt.withLock { checked in
            guard checked.map({ now.timeIntervalSince($0) >= Self.interruptedCheckEvery }) ?? true else { return false }
            checked = now
            return true
        }
        guard due else { return }
        let cutoff = now.addingTimeInterval(-Self.interruptedAfter)
        let interrupted = try await claims.interruptedMentions(claimedBefore: cutoff, limit: Self.duePerRound)
        guard !interrupted.isEmpty else { return }
        let read: BotReplies
        do {
            read = try await botReplies(to: interrupted)
        } catch {
            if error is CancellationError || Task.isCancelled { throw error }
            log.report(.interruptedRepliesUnchecked(count: interrupted.count, detail: String(describing: error)))
            return
        }
        var found = 0, resumed = 0, unknown = 0
        for mention in interrupted {
            if let reply = read.replies[mention.id] {
                try await claims.finishMention(
                    mention.id, state: .replied, reason: "found among the bot's posts after an interruption", replyID: reply.id, text: reply.text)
                found += 1
            } else if read.covers(mention) {
                if try await claims.resumeMention(mention.id, claimedBefore: cutoff, dueAt: now) {
                    resumed += 1
                    heldMayBeDue.withLock { $0 = true }
                }
            } else {
                try await claims.finishMention(
                    mention.id, state: .skipped,
                    reason: "interrupted, and older than the bot's latest \(read.count) posts: whether it was answered is unknown",
                    replyID: nil, text: nil)
                unknown += 1
            }
        }
        log.report(.repliesInterrupted(found: found, resumed: resumed, unknown: unknown))
    }

    /// The bot's replies to `mentions` among its latest posts, newest first, read until every
    /// one is found or the posts are older than the oldest mention (a reply comes after it).
    func botReplies(to mentions: [NetworkPost]) async throws -> BotReplies {
        var wanted = Set(mentions.map(\.id))
        let oldest = mentions.map(\.createdAt).min() ?? .distantPast
        var read = BotReplies()
        var pages = bot.sentPosts(of: botAccount.id, limit: Self.interruptedLookBack).makeAsyncIterator()
        while !wanted.isEmpty, let page = try await pages.next() {
            for post in page.posts {
                read.count += 1
                read.reachedBack = min(read.reachedBack, post.createdAt)
                if let target = post.inReplyToPostID, wanted.remove(target) != nil { read.replies[target] = post }
            }
            if read.reachedBack < oldest.addingTimeInterval(-PostSender.clockTolerance) { return read }
        }
        // Every post read: whatever is not found was never answered.
        if read.count < Self.interruptedLookBack { read.reachedBack = .distantPast }
        return read
    }

    /// What `botReplies` read.
    struct BotReplies {
        /// The bot's reply to each mention found, by the mention's id.
        var replies: [String: NetworkPost] = [:]
        /// How many of the bot's posts were read.
        var count = 0
        /// The time of the oldest post read: every reply since is known; `.distantPast` when
        /// every post of the bot's was read.
        var reachedBack = Date.distantFuture

        /// Whether a reply to `mention`, had it been sent, would have been read.
        func covers(_ mention: NetworkPost) -> Bool {
            reachedBack < mention.createdAt.addingTimeInterval(-PostSender.clockTolerance)
        }
    }
}
