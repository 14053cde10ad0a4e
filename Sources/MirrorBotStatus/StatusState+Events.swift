import Foundation
import MirrorBot

extension StatusState {
    /// What one event changes: a counter, the list of actions, a slot's fate, the
    /// classifier's recent decisions. `now` is the bot's clock, `realNow` real time;
    /// every text the state keeps passes through `redact`. Events the page does not
    /// show change nothing.
    mutating func apply(_ event: BotEvent, loop: String, at now: Date, realNow: Date, redact: (String) -> String) {
        func action(_ kind: StatusAction.Kind, _ subject: String, text: String? = nil, reason: String? = nil, pictures: [String?] = []) -> StatusAction {
            StatusAction(
                at: now, loop: loop, kind: kind, subject: redact(subject), text: text.map(redact), reason: reason.map(redact),
                pictures: pictures.map { $0.map(redact) })
        }
        switch event {
        case .started(let start):
            identity = Identity(
                network: start.network, bot: redact(start.bot), human: redact(start.human), timeZone: start.timeZone,
                dryRun: start.dryRun, timeScale: start.timeScale)
            waitingFor = nil
            waitingError = nil
            // The loops start now: lateness counts from here, not from the process start.
            phase = .running
            for index in loops.indices where loops[index].lastSuccess == nil { loops[index].since = realNow }
        case .waitingFor(let what, let error, _):
            waitingFor = what
            waitingError = redact(error)
        case .stopping:
            phase = .stopping

        case .posted(let post, _):
            metrics.add(StatusMetrics.posts)
            lastPostAt = now
            append(action(.posted, "slot \(post.slot)", text: post.text, reason: post.reason, pictures: post.pictures))
            updateSlot(post.slot) {
                $0.state = .posted
                $0.text = redact(post.text)
                $0.postedAt = now
                $0.reason = nil
            }
        case .postedUnconfirmed(let post, let detail):
            metrics.add(StatusMetrics.posts)
            lastPostAt = now
            let reason = redact("unconfirmed: \(detail)")
            append(action(.posted, "slot \(post.slot)", text: post.text, reason: reason, pictures: post.pictures))
            updateSlot(post.slot) {
                $0.state = .posted
                $0.text = redact(post.text)
                $0.postedAt = now
                $0.reason = reason
            }
        case .wouldPost(let post):
            metrics.add(StatusMetrics.wouldPosts)
            append(action(.wouldPost, "slot \(post.slot)", text: post.text, reason: "dry run", pictures: post.pictures))
            updateSlot(post.slot) {
                $0.state = .skipped
                $0.reason = SlotSkip.dryRun.shown
                $0.text = redact(post.text)
            }
        case .slotSkipped(let slot, let skip):
            metrics.add(StatusMetrics.skippedSlots, ["reason": skip.label])
            append(action(.slotSkipped, "slot \(slot)", reason: skip.shown))
            updateSlot(slot) {
                $0.state = .skipped
                $0.reason = redact(skip.shown)
            }
        case .pastSlotsSkipped(let count):
            metrics.add(StatusMetrics.skippedSlots, ["reason": SlotSkip.dayEnded.label], Double(count))
            append(action(.slotSkipped, "\(count) slot(s) of an earlier day", reason: SlotSkip.dayEnded.shown))
        case .slotsInterrupted(let count):
            metrics.add(StatusMetrics.skippedSlots, ["reason": SlotSkip.interrupted.label], Double(count))
            append(action(.slotSkipped, "\(count) slot(s)", reason: SlotSkip.interrupted.shown))
        case .postRefused(let slot, _, let refusal):
            append(action(.postRefused, "slot \(slot)", reason: (refusal.detail ?? "duplicate content") + "; picking another text"))
        case .mediaNotCarried(let slot, _, let reason):
            append(action(.postRefused, "slot \(slot)", reason: redact(reason) + "; not posted without its pictures, picking another"))

        case .replied(let reply, _):
            metrics.add(StatusMetrics.replies)
            let replied = action(.replied, reply.to, text: reply.text, reason: reply.reason)
            append(replied)
            lastReply = replied
        case .repliedUnconfirmed(let reply, let detail):
            metrics.add(StatusMetrics.replies)
            let replied = action(.replied, reply.to, text: reply.text, reason: "unconfirmed: \(detail)")
            append(replied)
            lastReply = replied
        case .wouldReply(let reply):
            metrics.add(StatusMetrics.wouldReplies)
            append(action(.wouldReply, reply.to, text: reply.text, reason: "dry run"))
        case .replySilent(_, let to):
            metrics.add(StatusMetrics.silences)
            append(action(.silent, to, reason: "the human never replied to \(to)"))
        case .replySkipped(_, let to, let skip):
            metrics.add(StatusMetrics.skippedReplies)
            append(action(.replySkipped, to, reason: skip.logReason))
        case .replyRefused(_, let to, let refusal):
            append(action(.replyRefused, to, reason: refusal.detail ?? "duplicate content; trying another reply"))

        case .likeDecided(let decision):
            applyLikeDecision(decision, loop: loop, at: now, redact: redact)
        case .likeRefused(_, let author, let status, let detail):
            append(action(.likeRefused, author, reason: "HTTP \(status): \(detail)"))
        case .likesUnavailable:
            classifier.likesUnavailable = BotEvent.likesUnavailableMessage
            append(action(.likesUnavailable, "this account", reason: BotEvent.likesUnavailableMessage))

        case .learnedLikes(let count):
            classifier.humanFavorites += count
            metrics.add(StatusMetrics.learned, ["category": "favorite"], Double(count))
        case .learnedTimeline(let count):
            classifier.humanNormals += count
            metrics.add(StatusMetrics.learned, ["category": "normal"], Double(count))

        case .takeBackCounts(let counts):
            takeBacks = counts
        // Each reported once, when new: the totals move at once, the next tally confirms them.
        case .optedOut(let author, _):
            takeBacks?.optedOut += 1
            append(action(.optedOut, author, reason: "asked the bot to stop; no reply, no like from now on"))
        case .copyDeleted(let copy, let source):
            takeBacks?.deletedCopies += 1
            append(action(.copyDeleted, "post \(copy)", reason: "the human deleted the post it copied (\(source))"))

        // Shown as a service that is down (/healthz 503, the page's "Not healthy" list) until rebuilt.
        case .classifierLost(let examples):
            services[Self.classifierCounts] = Service(error: """
                lost from Redis; liking nothing while they are rebuilt from the \(examples) examples kept in PostgreSQL
                """)
        case .classifierRebuilt:
            services[Self.classifierCounts] = nil

        case .budgetReached(let stop, let spent, let budget):
            append(action(
                .budgetReached, "X_DAILY_BUDGET_USD",
                reason: "\(stop.reason): $\(String(format: "%.3f", spent)) of $\(String(format: "%.2f", budget))"))

        case .stopped, .stoppedForcibly, .memoryTrimmed, .faultAroundKept, .roundFailed, .recovered, .serviceUp, .serviceDown, .learnedPosts,
            .trainProgress, .roundDeferred, .repliesDeferred, .replyHeld, .likeHeld, .replyPaceFallback,
            .repliesInterrupted, .interruptedRepliesUnchecked, .postsKindUnknown, .sourceWithdrawn,
            .optOutHonoured, .copyDeleteFailed, .deletionSweep, .recentCopiesChecked, .classifierBaselineSaved:
            // The supervisor and the service checks tell the board directly; the rest is not shown.
            break
        }
    }

    /// The name the classifier's counts are shown under while lost.
    static let classifierCounts = "classifier counts"

    /// A like loop verdict: counted, kept among the recent decisions, and listed
    /// unless it is a pass (passes are most posts; the page shows the recent ones apart).
    mutating func applyLikeDecision(_ decision: BotEvent.LikeDecision, loop: String, at now: Date, redact: (String) -> String) {
        classifier.threshold = decision.threshold.value
        classifier.thresholdSource = "as the like loop reports it"
        let author = redact(decision.author)
        let features = decision.features.map(redact)
        let reason = [
            decision.reason, "favorite/normal = \(BotEvent.LikeDecision.format(decision.ratio))",
            features.isEmpty ? nil : "features: " + features.joined(separator: ", "),
        ].compactMap { $0 }.joined(separator: "; ")
        if detail == .full {
            classifier.record(ClassifierStatus.Decision(at: now, author: author, ratio: decision.ratio, liked: decision.isFavorable, features: features))
        }
        if decision.isFavorable { classifier.favorable += 1 } else { classifier.passed += 1 }
        let kind: StatusAction.Kind
        switch decision.verdict {
        case .liked:
            metrics.add(StatusMetrics.likes)
            kind = .liked
        case .wouldLike:
            metrics.add(StatusMetrics.wouldLikes)
            kind = .wouldLike
        case .skippedAtLimit:
            metrics.add(StatusMetrics.skippedLikes)
            kind = .likeSkipped
        case .passed:
            metrics.add(StatusMetrics.passes)
            return
        }
        append(StatusAction(at: now, loop: loop, kind: kind, subject: author, reason: reason))
    }
}
