/// How each event reads as a log line: its level, its name and its key=value
/// fields in order. The names and fields are an interface (operators grep them,
/// `scripts/demo.sh` renders its transcript from them): rename none.
extension BotEvent {
    public struct Line {
        public var level: Logger.Level
        public var name: String
        public var fields: [(String, String)]

        init(_ level: Logger.Level, _ name: String, _ fields: KeyValuePairs<String, any Sendable> = [:]) {
            self.level = level
            self.name = name
            self.fields = fields.map { ($0.key, String(describing: $0.value)) }
        }

        /// The line with `name` = `value` last, when there is a value.
        func adding(_ name: String, _ value: (any Sendable)?) -> Line {
            guard let value else { return self }
            var line = self
            line.fields.append((name, String(describing: value)))
            return line
        }
    }

    public var line: Line {
        switch self {
        case .started(let start):
            Line(.info, "started", [
                "network": start.network, "bot": start.bot, "human": start.human, "time_zone": start.timeZone, "dry_run": start.dryRun,
                "poll_s": start.pollSeconds, "learn_s": start.learnSeconds, "time_scale": start.timeScale,
            ])
        case .waitingFor(let what, let error, let retry):
            Line(.error, "waiting_for", ["what": what, "error": error, "retry_in_s": retry])
        case .stopping(let signal): Line(.info, "stopping", ["signal": signal])
        case .stopped: Line(.info, "stopped")
        case .stoppedForcibly(let after): Line(.warning, "stopped_forcibly", ["after_s": after])
        case .memoryTrimmed(let before, let after): Line(.info, "memory_trimmed", ["rss_before_kb": before, "rss_after_kb": after])
        case .faultAroundKept(let reason): Line(.info, "fault_around_kept", ["reason": reason])
        case .roundFailed(let error, let retry): Line(.error, "round_failed", ["error": error, "retry_in_s": retry])
        case .recovered(let failures): Line(.info, "recovered", ["after_failures": failures])
        case .roundDeferred(let endpoint, let resume):
            Line(.warning, "round_deferred", ["endpoint": endpoint, "resume_at": Logger.timestamp(resume), "reason": "rate limit spent"])
        case .classifierLost(let examples):
            Line(.error, "classifier_lost", [
                "examples": examples, "message": "the classifier's counts are missing from Redis; liking nothing until they are rebuilt from PostgreSQL",
            ])
        case .classifierRebuilt(let examples, let baseline, let seconds):
            Line(.info, "classifier_rebuilt", ["examples": examples, "baseline": baseline, "seconds": (seconds * 1_000).rounded() / 1_000])
        case .classifierBaselineSaved(let documents): Line(.info, "classifier_baseline_saved", ["documents": documents])
        case .serviceUp(let service): Line(.info, "service_up", ["service": service])
        case .serviceDown(let service, let error): Line(.error, "service_down", ["service": service, "error": error])

        case .posted(let post, let id):
            Line(.info, "posted", [
                "slot": post.slot, "at": post.at, "id": id, "source": post.source, "window_min": post.window,
                "widened_by_min": post.widenedBy, "reason": post.reason, "text": post.text,
            ]).adding("pictures", post.pictures.isEmpty ? nil : post.pictures.count)
        case .postedUnconfirmed(let post, let detail):
            Line(.warning, "posted_unconfirmed", [
                "slot": post.slot, "at": post.at, "source": post.source, "window_min": post.window, "detail": detail, "text": post.text,
            ])
        case .wouldPost(let post):
            Line(.info, "would_post", [
                "slot": post.slot, "at": post.at, "source": post.source, "window_min": post.window, "widened_by_min": post.widenedBy,
                "text": post.text,
            ])
        case .slotSkipped(let slot, let skip):
            switch skip {
            case .crowdedOut: Line(.info, "slot_skipped", ["slot": slot, "reason": skip.logReason, "detail": skip.stored])
            case .late(_, let minutes): Line(.info, "slot_skipped", ["slot": slot, "reason": skip.logReason, "late_min": minutes])
            case .everyTextRefused: Line(.warning, "slot_skipped", ["slot": slot, "reason": skip.logReason])
            case .noPostFits, .onlyWarnedFit, .dryRun, .dayEnded, .interrupted: Line(.info, "slot_skipped", ["slot": slot, "reason": skip.logReason])
            }
        case .pastSlotsSkipped(let count): Line(.info, "slot_skipped", ["count": count, "reason": SlotSkip.dayEnded.logReason])
        case .slotsInterrupted(let count): Line(.warning, "slots_interrupted", ["count": count])
        case .postRefused(let slot, let source, .duplicate):
            Line(.info, "post_refused_duplicate", ["slot": slot, "source": source, "action": "picking another text"])
        case .postRefused(let slot, let source, let refusal):
            Line(.warning, "post_refused", ["slot": slot, "source": source, "detail": refusal.detail ?? "", "action": "picking another text"])
        case .mediaNotCarried(let slot, let source, let reason):
            Line(.warning, "media_not_carried", ["slot": slot, "source": source, "reason": reason, "action": "not posted without its pictures; picking another"])

        case .replied(let reply, let id):
            Line(.info, "replied", ["mention": reply.mention, "to": reply.to, "id": id, "reason": reply.reason, "text": reply.text])
        case .repliedUnconfirmed(let reply, let detail):
            Line(.warning, "replied_unconfirmed", ["mention": reply.mention, "to": reply.to, "detail": detail, "text": reply.text])
        case .wouldReply(let reply): Line(.info, "would_reply", ["mention": reply.mention, "to": reply.to, "text": reply.text])
        case .replySilent(let mention, let to):
            Line(.info, "reply_silent", ["mention": mention, "to": to, "reason": "the human never replied to \(to)"])
        case .replySkipped(let mention, let to, let skip):
            Line(skip == .everyReplyRefused ? .warning : .info, "reply_skipped", ["mention": mention, "to": to, "reason": skip.logReason])
        case .replyRefused(let mention, let to, .duplicate):
            Line(.info, "reply_refused_duplicate", ["mention": mention, "to": to, "action": "trying another reply"])
        case .replyRefused(let mention, let to, let refusal):
            Line(.warning, "reply_refused", ["mention": mention, "to": to, "detail": refusal.detail ?? ""])

        case .repliesDeferred(let endpoint, let resume):
            Line(.warning, "replies_deferred", ["endpoint": endpoint, "resume_at": Logger.timestamp(resume), "reason": "rate limit spent"])
        case .replyHeld(let mention, let to, let due):
            Line(.info, "reply_held", ["mention": mention, "to": to, "due_at": Logger.timestamp(due), "reason": "the human's pace"])
        case .repliesInterrupted(let found, let resumed, let unknown):
            Line(.warning, "replies_interrupted", ["found": found, "resumed": resumed, "unknown": unknown])
        case .interruptedRepliesUnchecked(let count, let detail):
            Line(.warning, "interrupted_replies_unchecked", ["count": count, "detail": detail, "action": "looking again in 10 minutes"])
        case .replyPaceFallback(let delays, let needed):
            Line(.warning, "reply_pace_fallback", [
                "delays": "\(delays)", "needed": "\(needed)",
                "reason": "too few of the human's replies name the post they answer: delays drawn log-uniform between 2 min and 3 h",
            ])

        case .likeDecided(let decision): decision.line
        case .likeRefused(let post, let author, let status, let detail):
            Line(.warning, "like_refused", ["post": post, "author": author, "status": status, "detail": detail])
        case .likesUnavailable(let detail):
            Line(.warning, "likes_unavailable", ["message": Self.likesUnavailableMessage, "detail": detail])
        case .likeHeld(let post, let author, let due):
            Line(.info, "like_held", ["post": post, "author": author, "due_at": Logger.timestamp(due), "reason": "the human's pace"])

        case .learnedPosts(let stored, let retweets): Line(.info, "learned_posts", ["stored": stored, "retweets_skipped": retweets])
        case .learnedLikes(let count): Line(.info, "learned_likes", ["favorite": count])
        case .learnedTimeline(let count): Line(.info, "learned_timeline", ["normal": count])
        case .postsKindUnknown(let count):
            Line(.warning, "posts_kind_unknown", [
                "count": count, "detail": "the network's answer did not show whether they are originals, replies or retweets; not stored",
            ])
        case .trainProgress(let pages, let stored): Line(.info, "train_progress", ["pages": pages, "stored": stored])
        case .budgetReached(let stop, let spent, let budget):
            Line(.warning, "budget_reached", [
                "stopped": stop.rawValue, "spent_usd": String(format: "%.3f", spent), "budget_usd": String(format: "%.3f", budget),
                "reason": stop.reason,
            ])

        case .sourceWithdrawn(let post, let use): Self.sourceWithdrawnLine(post: post, use: use)
        case .optedOut(let author, let mention): Self.optedOutLine(author: author, mention: mention)
        case .optOutHonoured(let post, let author, let skipped, let why):
            Self.leftAloneLine(post: post, author: author, skipped: skipped, why: why)
        case .copyDeleted(let copy, let source):
            Line(.info, "copy_deleted", ["id": copy, "source": source, "reason": "the human deleted the post it copied"])
        case .copyDeleteFailed(let copy, let source, let error):
            Line(.warning, "copy_delete_failed", ["id": copy, "source": source, "error": error, "action": "trying again at the next sweep"])
        case .deletionSweep(let checked, let gone, let elsewhere):
            Line(.info, "deletion_sweep", elsewhere == 0 ? ["checked": checked, "gone": gone] : ["checked": checked, "gone": gone, "elsewhere": elsewhere])
        case .recentCopiesChecked(let checked, let gone, let failed):
            Line(.info, "recent_copies_checked", failed == 0 ? ["checked": checked, "gone": gone] : ["checked": checked, "gone": gone, "failed": failed])
        case .takeBackCounts(let counts):
            Line(.info, "take_back_counts", [
                "withdrawn": counts.withdrawnSources, "deleted_copies": counts.deletedCopies, "opted_out": counts.optedOut,
            ])
        }
    }

    /// The warning's message, as the line and the status page say it.
    public static let likesUnavailableMessage = """
        the network refused to like for this account's API access level (X removed likes from self-serve tiers in April 2026); \
        the bot stops reading its home timeline for likes (on X those reads are billed and would buy nothing) \
        unless DRY_RUN is set, where it keeps deciding and logging what it would like
        """
}

extension BotEvent.LikeDecision {
    var line: BotEvent.Line {
        let ratio = Self.format(self.ratio)
        let threshold = Self.format(self.threshold.value)
        let features = features.joined(separator: ",")
        return switch verdict {
        case .passed:
            BotEvent.Line(.info, "not_liked", ["post": post, "author": author, "ratio": ratio, "threshold": threshold, "reason": reason])
        case .skippedAtLimit:
            BotEvent.Line(.info, "like_skipped", ["post": post, "author": author, "ratio": ratio, "reason": reason])
        case .wouldLike:
            BotEvent.Line(.info, "would_like", [
                "post": post, "author": author, "ratio": ratio, "threshold": threshold, "features": features, "reason": reason,
            ])
        case .liked:
            BotEvent.Line(.info, "liked", [
                "post": post, "author": author, "ratio": ratio, "threshold": threshold, "features": features, "reason": reason,
            ])
        }
    }
}
