import MirrorBot

/// The metrics mirror-bot exposes: names after Prometheus' conventions (one
/// `mirror_bot_` prefix, `_total` on counters, base units), labels only for
/// dimensions with few values (a loop, a reason, an endpoint), never a post id or
/// a user name.
public enum StatusMetrics {
    public static let loops = ["posting", "replies", "likes", "learning"]
    /// `slot_skipped` reasons, as label values.
    public static let slotSkipReasons = ["missed", "no_post_fits", "refused", "interrupted", "other"]
    /// The network seam's methods, as `endpoint` label values.
    public static let endpoints = ["me", "posts", "likes", "home_timeline", "mentions", "post", "like"]

    public static let posts = "mirror_bot_posts_total"
    public static let wouldPosts = "mirror_bot_would_posts_total"
    public static let replies = "mirror_bot_replies_total"
    public static let wouldReplies = "mirror_bot_would_replies_total"
    public static let silences = "mirror_bot_silences_total"
    public static let skippedReplies = "mirror_bot_skipped_replies_total"
    public static let likes = "mirror_bot_likes_total"
    public static let wouldLikes = "mirror_bot_would_likes_total"
    public static let passes = "mirror_bot_not_liked_total"
    public static let skippedLikes = "mirror_bot_skipped_likes_total"
    public static let skippedSlots = "mirror_bot_skipped_slots_total"
    public static let learned = "mirror_bot_learned_total"
    public static let failedRounds = "mirror_bot_failed_rounds_total"
    public static let requests = "mirror_bot_network_requests_total"
    public static let rateLimitWaits = "mirror_bot_rate_limit_waits_total"
    public static let attempts = "mirror_bot_http_attempts_total"
    public static let retries = "mirror_bot_http_retries_total"
    public static let clientWaits = "mirror_bot_client_rate_limit_waits_total"
    public static let clientWaitSeconds = "mirror_bot_client_rate_limit_wait_seconds_total"
    public static let likeShare = "mirror_bot_like_share_ratio"
    public static let threshold = "mirror_bot_classifier_threshold"
    public static let nextSlot = "mirror_bot_next_slot_timestamp_seconds"
    public static let plannedSlots = "mirror_bot_planned_slots"
    public static let lastGoodRound = "mirror_bot_loop_last_success_timestamp_seconds"
    public static let loopHealthy = "mirror_bot_loop_healthy"
    public static let healthy = "mirror_bot_healthy"
    public static let serviceUp = "mirror_bot_service_up"
    public static let started = "mirror_bot_start_timestamp_seconds"
    public static let withdrawnSources = "mirror_bot_withdrawn_sources"
    public static let deletedCopies = "mirror_bot_deleted_copies"
    public static let optedOut = "mirror_bot_opted_out_people"
    public static let spendRequests = "mirror_bot_api_spend_requests"
    public static let spendResources = "mirror_bot_api_spend_resources"
    public static let spendDollars = "mirror_bot_api_spend_dollars"
    public static let spendEstimate = "mirror_bot_api_spend_estimate_dollars"
    public static let budget = "mirror_bot_api_budget_dollars"
    public static let budgetStopped = "mirror_bot_api_budget_stopped"

    /// `registry()` built once: each board starts from a copy of it, sharing its storage until it changes.
    public static let template = registry()

    /// Every family, declared in the order /metrics lists them; counters start at 0.
    public static func registry() -> MetricsRegistry {
        var registry = MetricsRegistry()
        let perLoop = loops.map { ["loop": $0] }
        registry.declare(posts, .counter, help: "Planned posts the bot published (unconfirmed ones included).", initial: [[:]])
        registry.declare(wouldPosts, .counter, help: "Planned posts decided but not sent (DRY_RUN).", initial: [[:]])
        registry.declare(replies, .counter, help: "Replies the bot sent to mentions (unconfirmed ones included).", initial: [[:]])
        registry.declare(wouldReplies, .counter, help: "Replies decided but not sent (DRY_RUN).", initial: [[:]])
        registry.declare(silences, .counter, help: "Mentions left unanswered because the human never replied to their author.", initial: [[:]])
        registry.declare(skippedReplies, .counter, help: "Mentions not answered: the hourly reply limit, or every text refused.", initial: [[:]])
        registry.declare(likes, .counter, help: "Posts the bot liked.", initial: [[:]])
        registry.declare(wouldLikes, .counter, help: "Posts the bot would like but did not (DRY_RUN, or the network refuses likes).", initial: [[:]])
        registry.declare(passes, .counter, help: "Timeline posts classified below the threshold.", initial: [[:]])
        registry.declare(skippedLikes, .counter, help: "Posts the bot would like but skipped at the daily like limit.", initial: [[:]])
        registry.declare(
            skippedSlots, .counter, help: "Planned slots not posted, by reason (missed: late or overlapped).",
            initial: slotSkipReasons.map { ["reason": $0] })
        registry.declare(
            learned, .counter, help: "Posts the learning loop trained the classifier with, by category.",
            initial: [["category": "favorite"], ["category": "normal"]])
        registry.declare(failedRounds, .counter, help: "Loop rounds that failed (each is retried after a backoff), by loop.", initial: perLoop)
        registry.declare(
            requests, .counter,
            help: "Calls through the network seam by account, endpoint and outcome (ok or the error); one call may make several HTTP attempts.")
        registry.declare(
            rateLimitWaits, .counter,
            help: "Rate limits the network client did not wait out itself, so the loop backed off, by account and endpoint.")
        registry.declare(
            attempts, .counter,
            help: "HTTP attempts the network client made, by account, API endpoint and status class (2xx, 4xx, 429, 5xx, none: no answer).")
        registry.declare(retries, .counter, help: "Times the network client backed off and sent a request again, by account and API endpoint.")
        registry.declare(
            clientWaits, .counter, help: "Times the network client waited for a spent rate-limit window to reset, by account and API endpoint.")
        registry.declare(
            clientWaitSeconds, .counter, help: "Seconds the network client spent waiting for rate-limit windows to reset, by account and API endpoint.")
        registry.declare(
            likeShare, .gauge,
            help: "Share of timeline posts liked: by the human (learned since start) and by the bot (decided since start).")
        registry.declare(threshold, .gauge, help: "The favorite/normal ratio above which the bot likes a post, in force.")
        registry.declare(nextSlot, .gauge, help: "When the next planned post is due (Unix seconds, the bot's clock).")
        registry.declare(plannedSlots, .gauge, help: "Slots of today's plan, by state.")
        registry.declare(lastGoodRound, .gauge, help: "When each loop last finished a round (Unix seconds).")
        registry.declare(loopHealthy, .gauge, help: "1 while a loop is on time and its last round succeeded, else 0.")
        registry.declare(serviceUp, .gauge, help: "1 while a service (postgresql, redis) answered its last check, else 0.")
        registry.declare(healthy, .gauge, help: "1 while /healthz answers 200, else 0.")
        registry.declare(started, .gauge, help: "When the daemon started (Unix seconds).")
        registry.declare(withdrawnSources, .gauge, help: "The human's posts found deleted, never used again (all kept in PostgreSQL).")
        registry.declare(deletedCopies, .gauge, help: "The bot's posts it deleted because the human deleted the post they copied.")
        registry.declare(optedOut, .gauge, help: "People on the do-not-interact list (asked the bot to stop, or added by an operator).")
        registry.declare(spendRequests, .gauge, help: "Requests to a paid API today (UTC day), by API endpoint.")
        registry.declare(spendResources, .gauge, help: "Posts returned (reads) or made (writes) by a paid API today (UTC day), by API endpoint.")
        registry.declare(spendDollars, .gauge, help: "Estimated dollars spent on a paid API today (UTC day), by API endpoint, at the price table.")
        registry.declare(spendEstimate, .gauge, help: "Estimated dollars a day and a month (period) at today's rate.")
        registry.declare(budget, .gauge, help: "The daily budget (X_DAILY_BUDGET_USD), when one is set.")
        registry.declare(budgetStopped, .gauge, help: "1 while the budget has stopped reads or posting (what) for the rest of the UTC day, else 0.")
        return registry
    }

    /// An HTTP status as a label value: `2xx`, `3xx`, `4xx`, `429` (its own: a rate limit), `5xx`, or `none` (0: no answer).
    public static func statusClass(_ status: Int) -> String {
        switch status {
        case 429: return "429"
        case 100...599: return "\(status / 100)xx"
        default: return "none"
        }
    }
}
