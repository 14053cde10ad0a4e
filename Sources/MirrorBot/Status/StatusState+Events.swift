import Foundation

extension StatusState {
    /// What one logged event changes: a counter, the list of actions, a slot's fate, the
    /// classifier's recent decisions. `now` is the bot's clock, `realNow` real time.
    /// Unknown events change nothing.
    mutating func apply(_ event: LogEvent, at now: Date, realNow: Date) {
        let loop = event["loop"] ?? ""
        switch event.event {
        case "started":
            identity = Identity(
                network: event["network"] ?? "", bot: event["bot"] ?? "", human: event["human"] ?? "",
                timeZone: event["time_zone"] ?? "", dryRun: event["dry_run"] == "true", timeScale: event["time_scale"] ?? "")
            waitingFor = nil
            waitingError = nil
            // The loops start now: lateness counts from here, not from the process start.
            phase = .running
            for index in loops.indices where loops[index].lastSuccess == nil { loops[index].since = realNow }
        case "waiting_for":
            waitingFor = event["what"]
            waitingError = event["error"]
        case "stopping":
            phase = .stopping

        case "posted", "posted_unconfirmed":
            metrics.add(StatusMetrics.posts)
            let unconfirmed = event.event == "posted_unconfirmed"
            let reason = unconfirmed ? "unconfirmed: \(event["detail"] ?? "")" : event["reason"]
            append(StatusAction(at: now, loop: loop, kind: .posted, subject: "slot \(event["slot"] ?? "?")", text: event["text"], reason: reason))
            updateSlot(event["slot"]) {
                $0.state = .posted
                $0.text = event["text"]
                $0.postedAt = now
                $0.reason = unconfirmed ? reason : nil
            }
        case "would_post":
            metrics.add(StatusMetrics.wouldPosts)
            append(StatusAction(at: now, loop: loop, kind: .wouldPost, subject: "slot \(event["slot"] ?? "?")", text: event["text"], reason: "dry run"))
            updateSlot(event["slot"]) {
                $0.state = .skipped
                $0.reason = "dry run"
                $0.text = event["text"]
            }
        case "slot_skipped":
            let reason = event["reason"] ?? "skipped"
            let detail = event["detail"] ?? event.integer("late_min").map { "missed: \($0) min late" } ?? reason
            metrics.add(StatusMetrics.skippedSlots, ["reason": StatusMetrics.slotSkipReason(reason)], Double(event.integer("count") ?? 1))
            let subject = event["slot"].map { "slot \($0)" } ?? "\(event.integer("count") ?? 1) slot(s) of an earlier day"
            append(StatusAction(at: now, loop: loop, kind: .slotSkipped, subject: subject, reason: detail))
            updateSlot(event["slot"]) {
                $0.state = .skipped
                $0.reason = detail
            }
        case "slots_interrupted":
            let count = event.integer("count") ?? 1
            metrics.add(StatusMetrics.skippedSlots, ["reason": "interrupted"], Double(count))
            append(StatusAction(at: now, loop: loop, kind: .slotSkipped, subject: "\(count) slot(s)", reason: "interrupted while posting"))
        case "post_refused_duplicate", "post_refused":
            let reason = (event["detail"] ?? "duplicate content") + "; " + (event["action"] ?? "")
            append(StatusAction(at: now, loop: loop, kind: .postRefused, subject: "slot \(event["slot"] ?? "?")", reason: reason))

        case "replied", "replied_unconfirmed":
            metrics.add(StatusMetrics.replies)
            let reason = event.event == "replied" ? event["reason"] : "unconfirmed: \(event["detail"] ?? "")"
            let action = StatusAction(at: now, loop: loop, kind: .replied, subject: event["to"] ?? "?", text: event["text"], reason: reason)
            append(action)
            lastReply = action
        case "would_reply":
            metrics.add(StatusMetrics.wouldReplies)
            append(StatusAction(at: now, loop: loop, kind: .wouldReply, subject: event["to"] ?? "?", text: event["text"], reason: "dry run"))
        case "reply_silent":
            metrics.add(StatusMetrics.silences)
            append(StatusAction(at: now, loop: loop, kind: .silent, subject: event["to"] ?? "?", reason: event["reason"]))
        case "reply_skipped":
            metrics.add(StatusMetrics.skippedReplies)
            append(StatusAction(at: now, loop: loop, kind: .replySkipped, subject: event["to"] ?? "?", reason: event["reason"]))
        case "reply_refused", "reply_refused_duplicate":
            let reason = event["detail"] ?? "duplicate content; \(event["action"] ?? "")"
            append(StatusAction(at: now, loop: loop, kind: .replyRefused, subject: event["to"] ?? "?", reason: reason))

        case "liked", "would_like", "like_skipped", "not_liked":
            applyLikeDecision(event, loop: loop, at: now)
        case "like_refused":
            append(StatusAction(
                at: now, loop: loop, kind: .likeRefused, subject: event["author"] ?? "?",
                reason: "HTTP \(event["status"] ?? "?"): \(event["detail"] ?? "")"))
        case "likes_unavailable":
            classifier.likesUnavailable = event["message"]
            append(StatusAction(at: now, loop: loop, kind: .likesUnavailable, subject: "this account", reason: event["message"]))

        case "learned_likes":
            let count = event.integer("favorite") ?? 0
            classifier.humanFavorites += count
            metrics.add(StatusMetrics.learned, ["category": "favorite"], Double(count))
        case "learned_timeline":
            let count = event.integer("normal") ?? 0
            classifier.humanNormals += count
            metrics.add(StatusMetrics.learned, ["category": "normal"], Double(count))
        default:
            break
        }
    }

    /// A like loop verdict: counted, kept among the recent decisions, and listed
    /// unless it is a pass (passes are most posts; the page shows the recent ones apart).
    mutating func applyLikeDecision(_ event: LogEvent, loop: String, at now: Date) {
        if let threshold = event.number("threshold") {
            classifier.threshold = threshold
            classifier.thresholdSource = "as the like loop reports it"
        }
        let author = event["author"] ?? "?"
        let ratio = event.number("ratio") ?? 0
        let features = (event["features"] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        let reason = [
            event["reason"], "favorite/normal = \(event["ratio"] ?? "?")", features.isEmpty ? nil : "features: " + features.joined(separator: ", "),
        ].compactMap { $0 }.joined(separator: "; ")
        let liked = event.event != "not_liked"
        classifier.record(ClassifierStatus.Decision(at: now, author: author, ratio: ratio, liked: liked, features: features))
        if liked { classifier.favorable += 1 } else { classifier.passed += 1 }
        switch event.event {
        case "liked":
            metrics.add(StatusMetrics.likes)
            append(StatusAction(at: now, loop: loop, kind: .liked, subject: author, reason: reason))
        case "would_like":
            metrics.add(StatusMetrics.wouldLikes)
            append(StatusAction(at: now, loop: loop, kind: .wouldLike, subject: author, reason: reason))
        case "like_skipped":
            metrics.add(StatusMetrics.skippedLikes)
            append(StatusAction(at: now, loop: loop, kind: .likeSkipped, subject: author, reason: reason))
        default:
            metrics.add(StatusMetrics.passes)
        }
    }
}
