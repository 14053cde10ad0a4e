import Foundation

extension LikeLoop {
    /// Whether likes are held for a time before the next poll (REPLY_PACE=human).
    var holdsLikes: Bool { pace?.holdsLikes ?? false }

    /// Sends the held likes due at `now` (whatever REPLY_PACE is now: likes held before a
    /// switch to `immediate` are sent too).
    func sendDueLikes(now: Date) async throws {
        for like in try await claims.dueLikes(at: now, limit: Self.duePerRound) {
            try Task.checkCancellation()
            try await sendHeld(like, now: now)
        }
    }

    /// Sends a held like whose time has come, unless another daemon took it. Its author may
    /// have said stop (or put #nobot in their profile) meanwhile: then it is skipped. Likes
    /// refused for the access level since it was held are logged as would-like, not sent.
    func sendHeld(_ like: HeldLike, now: Date) async throws {
        let post = like.post
        guard try await claims.takeDueLike(post.id, now: now) else { return }
        let leftAlone: Bool
        do {
            leftAlone = try await consent?.leavesAlone(post, skipping: .like) ?? false
        } catch {
            try? await claims.releaseLike(post.id)
            throw error
        }
        if leftAlone {
            try await claims.finishLike(post.id, state: .skipped, reason: "the author said no while the like was held")
            return
        }
        if settings.dryRun || settings.likeAccess.isRefused {
            let why: BotEvent.LikeDecision.WouldLike = settings.dryRun ? .dryRun : .accessLevel
            try await claims.finishLike(post.id, state: .wouldLike, reason: why.rawValue)
            log.report(.likeDecided(BotEvent.LikeDecision(
                post: post.id, author: post.authorUsername.map { "@\($0)" } ?? post.authorID, ratio: like.ratio,
                threshold: like.threshold, features: like.features, verdict: .wouldLike(why))))
            return
        }
        try await send(like)
    }
}
