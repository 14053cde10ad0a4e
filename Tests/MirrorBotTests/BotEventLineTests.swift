import Foundation
@testable import MirrorBot
import Testing

/// The lines the loops wrote as text before they reported events: operators grep them and
/// `scripts/demo.sh` renders its transcript from them, so each must read exactly as before.
@Suite("Each event reads as the line it always was")
struct BotEventLineTests {
    static let post = BotEvent.SlotPost(slot: "07:40", at: "07:41", source: "55", window: 60, widenedBy: 30, text: "おはよう 世界")
    static let reply = BotEvent.Reply(mention: "5", to: "@friend", text: "また今度ね")
    static func like(_ ratio: Double, _ verdict: BotEvent.LikeDecision.Verdict, features: [String] = ["ラーメン", "屋"]) -> BotEvent {
        .likeDecided(BotEvent.LikeDecision(
            post: "7", author: "@foodie", ratio: ratio, threshold: .fixed(3), features: features, verdict: verdict))
    }

    static let cases: [(BotEvent, String)] = [
        (.started(BotEvent.Startup(
            network: "x", bot: "@mirror", human: "@human", timeZone: "Asia/Tokyo", dryRun: false, pollSeconds: 300, learnSeconds: 1200,
            timeScale: "60.0x")),
         "level=info event=started network=x bot=@mirror human=@human time_zone=Asia/Tokyo dry_run=false poll_s=300 learn_s=1200 time_scale=60.0x"),
        (.waitingFor(what: "postgresql", error: "connection refused", retryInSeconds: 2),
         #"level=error event=waiting_for what=postgresql error="connection refused" retry_in_s=2"#),
        (.stopping(signal: "SIGTERM"), "level=info event=stopping signal=SIGTERM"),
        (.stopped, "level=info event=stopped"),
        (.stoppedForcibly(afterSeconds: 8), "level=warning event=stopped_forcibly after_s=8"),
        (.memoryTrimmed(residentBeforeKB: 36_100, residentAfterKB: 14_200), "level=info event=memory_trimmed rss_before_kb=36100 rss_after_kb=14200"),
        (.faultAroundKept(reason: "userfaultfd: Operation not permitted"),
         #"level=info event=fault_around_kept reason="userfaultfd: Operation not permitted""#),
        (.roundFailed(error: "redis: down", retryInSeconds: 5), #"level=error event=round_failed error="redis: down" retry_in_s=5"#),
        (.recovered(afterFailures: 2), "level=info event=recovered after_failures=2"),
        (.roundDeferred(endpoint: "POST /api/v1/statuses", resumeAt: Date(timeIntervalSince1970: 1_764_000_000)),
         #"level=warning event=round_deferred endpoint="POST /api/v1/statuses" resume_at=2025-11-24T16:00:00Z reason="rate limit spent""#),
        (.repliesDeferred(endpoint: "POST /api/v1/statuses", resumeAt: Date(timeIntervalSince1970: 1_764_000_000)),
         #"level=warning event=replies_deferred endpoint="POST /api/v1/statuses" resume_at=2025-11-24T16:00:00Z reason="rate limit spent""#),
        (.replyHeld(mention: "5", to: "@alice", dueAt: Date(timeIntervalSince1970: 1_764_000_000)),
         #"level=info event=reply_held mention=5 to=@alice due_at=2025-11-24T16:00:00Z reason="the human's pace""#),
        (.likeHeld(post: "6", author: "@bob", dueAt: Date(timeIntervalSince1970: 1_764_000_000)),
         #"level=info event=like_held post=6 author=@bob due_at=2025-11-24T16:00:00Z reason="the human's pace""#),
        (.replyPaceFallback(delays: 3, needed: 20),
         #"level=warning event=reply_pace_fallback delays=3 needed=20 "#
            + #"reason="too few of the human's replies name the post they answer: delays drawn log-uniform between 2 min and 3 h""#),
        (.serviceUp("redis"), "level=info event=service_up service=redis"),
        (.serviceDown("redis", error: "refused"), "level=error event=service_down service=redis error=refused"),
        (.posted(post, id: "9"),
         #"level=info event=posted slot=07:40 at=07:41 id=9 source=55 window_min=60 widened_by_min=30 "#
            + #"reason="planned slot 07:40; the human posted this near 07:41 (±60 min)" text="おはよう 世界""#),
        (.posted(BotEvent.SlotPost(slot: "07:40", at: "07:41", source: "55", window: 60, widenedBy: 30, text: "夕焼け", pictures: ["海", nil]), id: "9"),
         #"level=info event=posted slot=07:40 at=07:41 id=9 source=55 window_min=60 widened_by_min=30 "#
            + #"reason="planned slot 07:40; the human posted this near 07:41 (±60 min)" text=夕焼け pictures=2"#),
        (.postedUnconfirmed(post, detail: "HTTP 503"),
         #"level=warning event=posted_unconfirmed slot=07:40 at=07:41 source=55 window_min=60 detail="HTTP 503" text="おはよう 世界""#),
        (.wouldPost(post), #"level=info event=would_post slot=07:40 at=07:41 source=55 window_min=60 widened_by_min=30 text="おはよう 世界""#),
        (.slotSkipped(slot: "07:40", .late(slot: "07:40", minutes: 140)), "level=info event=slot_skipped slot=07:40 reason=missed late_min=140"),
        (.slotSkipped(slot: "08:10", .crowdedOut(latest: "09:55")),
         #"level=info event=slot_skipped slot=08:10 reason=missed detail="missed: slot 09:55 fell due too; one post at a time""#),
        (.slotSkipped(slot: "07:40", .noPostFits), #"level=info event=slot_skipped slot=07:40 reason="no stored post fits""#),
        (.slotSkipped(slot: "07:40", .onlyWarnedFit),
         #"level=info event=slot_skipped slot=07:40 reason="only posts behind a content warning fit; this network cannot carry it""#),
        (.slotSkipped(slot: "07:40", .everyTextRefused), #"level=warning event=slot_skipped slot=07:40 reason="duplicates refused""#),
        (.pastSlotsSkipped(count: 3), #"level=info event=slot_skipped count=3 reason="missed: the day ended before the slot was posted""#),
        (.slotsInterrupted(count: 1), "level=warning event=slots_interrupted count=1"),
        (.postRefused(slot: "07:40", source: "55", .duplicate),
         #"level=info event=post_refused_duplicate slot=07:40 source=55 action="picking another text""#),
        (.postRefused(slot: "07:40", source: "55", .rejected(detail: "HTTP 400: too long")),
         #"level=warning event=post_refused slot=07:40 source=55 detail="HTTP 400: too long" action="picking another text""#),
        (.mediaNotCarried(slot: "07:40", source: "55", reason: "picture 2 of 3 (https://files.example/b.png): the source answered 404"),
         #"level=warning event=media_not_carried slot=07:40 source=55 reason="picture 2 of 3 (https://files.example/b.png): the source answered 404" action="not posted without its pictures; picking another""#),
        (.replied(reply, id: "10"),
         #"level=info event=replied mention=5 to=@friend id=10 reason="the human replied this to @friend before" text=また今度ね"#),
        (.repliedUnconfirmed(reply, detail: "HTTP 503"),
         #"level=warning event=replied_unconfirmed mention=5 to=@friend detail="HTTP 503" text=また今度ね"#),
        (.wouldReply(reply), "level=info event=would_reply mention=5 to=@friend text=また今度ね"),
        (.replySilent(mention: "6", to: "@stranger"),
         #"level=info event=reply_silent mention=6 to=@stranger reason="the human never replied to @stranger""#),
        (.replySkipped(mention: "6", to: "@friend", .hourlyLimit(count: 3, to: "@friend")),
         #"level=info event=reply_skipped mention=6 to=@friend reason="reply limit: 3 replies to @friend in the last hour""#),
        (.replySkipped(mention: "6", to: "@friend", .everyReplyRefused),
         #"level=warning event=reply_skipped mention=6 to=@friend reason="duplicates refused""#),
        (.replyRefused(mention: "6", to: "@friend", .duplicate),
         #"level=info event=reply_refused_duplicate mention=6 to=@friend action="trying another reply""#),
        (.replyRefused(mention: "6", to: "@friend", .notPermitted(detail: "not summoned")),
         #"level=warning event=reply_refused mention=6 to=@friend detail="not summoned""#),
        (like(14.741, .liked),
         #"level=info event=liked post=7 author=@foodie ratio=14.741 threshold=3.000 features=ラーメン,屋 reason="the human would like it""#),
        (like(12_345_678, .wouldLike(.dryRun)),
         #"level=info event=would_like post=7 author=@foodie ratio=1.235e+07 threshold=3.000 features=ラーメン,屋 reason="dry run""#),
        (like(5, .wouldLike(.accessLevel), features: []),
         #"level=info event=would_like post=7 author=@foodie ratio=5.000 threshold=3.000 features="" reason="this account's access level cannot like""#),
        (like(5, .wouldLike(.refusedNow)),
         #"level=info event=would_like post=7 author=@foodie ratio=5.000 threshold=3.000 features=ラーメン,屋 reason="likes unavailable""#),
        (like(5, .skippedAtLimit(limit: 100)),
         #"level=info event=like_skipped post=7 author=@foodie ratio=5.000 reason="daily like limit 100 reached""#),
        (like(0.2, .passed, features: []),
         #"level=info event=not_liked post=7 author=@foodie ratio=0.200 threshold=3.000 reason="below the threshold""#),
        (.likeRefused(post: "7", author: "@foodie", status: 404, detail: "gone"),
         "level=warning event=like_refused post=7 author=@foodie status=404 detail=gone"),
        (.likesUnavailable(detail: "403"),
         #"level=warning event=likes_unavailable message="the network refused to like for this account's API access level "#
            + #"(X removed likes from self-serve tiers in April 2026); the bot stops reading its home timeline for likes (on X those reads are billed and would buy nothing) unless DRY_RUN is set, where it keeps deciding and logging what it would like" detail=403"#),
        (.learnedPosts(stored: 4, retweetsSkipped: 1), "level=info event=learned_posts stored=4 retweets_skipped=1"),
        (.postsKindUnknown(count: 2),
         #"level=warning event=posts_kind_unknown count=2 detail="the network's answer did not show whether they are originals, replies or retweets; not stored""#),
        (.learnedLikes(3), "level=info event=learned_likes favorite=3"),
        (.learnedTimeline(97), "level=info event=learned_timeline normal=97"),
        (.trainProgress(pages: 2, stored: 150), "level=info event=train_progress pages=2 stored=150"),
        (.budgetReached(.reads, spent: 0.8, budget: 1),
         #"level=warning event=budget_reached stopped=reads spent_usd=0.800 budget_usd=1.000 "#
            + #"reason="reads for likes and learning stopped for the rest of the UTC day (budget nearly spent)""#),
    ]

    @Test("every event's name, level and fields, in order", arguments: cases)
    func line(event: BotEvent, expected: String) {
        let collector = LineCollector()
        Logger(clock: { Date(timeIntervalSince1970: 0) }, sink: collector.append).report(event)
        #expect(collector.lines == ["1970-01-01T00:00:00Z " + expected])
    }

    @Test("a loop's context comes first, as before")
    func context() {
        let collector = LineCollector()
        Logger(clock: { Date(timeIntervalSince1970: 0) }, sink: collector.append).with(["loop": "likes"]).report(.learnedLikes(1))
        #expect(collector.lines == ["1970-01-01T00:00:00Z level=info event=learned_likes loop=likes favorite=1"])
    }
}
