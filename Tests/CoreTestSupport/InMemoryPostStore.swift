import Foundation
import MirrorBot

/// The human's posts in memory: `PostStore`, `ReplySource`, `RhythmSource` and
/// `PostPicker` (over `texts`, as PostgreSQL joins `bot_texts`). Minutes and
/// days are computed in `timeZone`, as PostgreSQL stores them. The contract suites
/// (Tests/AdapterTests/Contracts) run the same tests over it and PostgreSQL.
public actor InMemoryPostStore: PostStore, ReplySource, RhythmSource, PostPicker, ReplyTimingSource {
    public private(set) var posts: [Post] = []
    public nonisolated let timeZone: TimeZone
    public nonisolated let texts: InMemoryBotTexts
    /// At most this many posts are kept, the newest (POST_LIMIT).
    public nonisolated let limit: Int
    private var generator: SeededGenerator

    public init(
        _ posts: [Post] = [], timeZone: TimeZone = .gmt, texts: InMemoryBotTexts = InMemoryBotTexts(), limit: Int = .max,
        seed: UInt64 = 1
    ) {
        self.posts = posts
        self.timeZone = timeZone
        self.texts = texts
        self.limit = limit
        generator = SeededGenerator(seed: seed)
    }

    /// As PostgreSQL: the newest replies first, none of Misskey's `misskey:self`.
    public func replyTimings(limit: Int) -> [ReplyTiming] {
        posts.filter { $0.inReplyToUserID != nil && $0.inReplyToUserID != "misskey:self" }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            .prefix(limit).map { ReplyTiming(sentAt: $0.createdAt, answeredID: $0.inReplyToPostID) }
    }

    /// As PostgreSQL: the first of the same id wins; a stored post without facets takes
    /// the text and facets of a later one with them, one without a warning or media takes
    /// them (not counted as new); the oldest go
    /// past `limit`.
    @discardableResult
    public func store(_ new: [Post]) -> Int {
        var seen = Set<String>()
        var fresh = 0
        for post in new where seen.insert(post.id).inserted {
            if let index = posts.firstIndex(where: { $0.id == post.id }) {
                if posts[index].facets == nil, post.facets != nil {
                    posts[index].text = post.text
                    posts[index].facets = post.facets
                }
                if posts[index].inReplyToPostID == nil { posts[index].inReplyToPostID = post.inReplyToPostID }
                if posts[index].warning == nil { posts[index].warning = post.warning }
                if posts[index].media.isEmpty { posts[index].media = post.media }
                continue
            }
            posts.append(post)
            fresh += 1
        }
        if posts.count > limit {
            let newest = posts.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            let kept = Set(newest.prefix(limit).map(\.id))
            posts.removeAll { !kept.contains($0.id) }
        }
        return fresh
    }

    public func count() -> Int { posts.count }
    public func removeAll() { posts = [] }

    public func replies(to userID: String, limit: Int) -> [String] {
        replyPosts(to: userID, username: nil, limit: limit).map(\.text)
    }

    /// As PostgreSQL: by user id; when none, by screen name (any case) among replies
    /// imported from a Mastodon export, whose user ids are actor URLs.
    public func replies(to userID: String, username: String?, limit: Int) -> [String] {
        replyPosts(to: userID, username: username, limit: limit).map(\.text)
    }

    /// The stored replies themselves, ids kept (the reply loop looks them up and records the one it reuses).
    public func replyPosts(to userID: String, username: String?, limit: Int) -> [Post] {
        // A warned reply is never reused: no reply carries a warning yet (as PostgreSQL).
        let unwarned = posts.filter { $0.warning == nil && $0.media.isEmpty }
        let byID = Array(unwarned.filter { $0.inReplyToUserID == userID }.shuffled(using: &generator).prefix(limit))
        guard byID.isEmpty, let username, !username.isEmpty else { return byID }
        let matching = unwarned.filter {
            ($0.inReplyToUserID?.hasPrefix("http") ?? false) && $0.inReplyToScreenName?.lowercased() == username.lowercased()
        }
        return Array(matching.shuffled(using: &generator).prefix(limit))
    }

    var originals: [Post] { posts.filter { !$0.isReply } }

    public func minuteDistribution() -> MinuteDistribution {
        MinuteDistribution(pairs: originals.map { (MinuteOfDay.of($0.createdAt, in: timeZone), 1) })
    }

    public func dailyCounts() -> DailyCounts {
        DailyCounts(days: originals.map { (LocalDate($0.createdAt, in: timeZone).daysSince1970, 1) })
    }

    public func closestPostGap() -> TimeInterval? {
        let times = originals.map(\.createdAt).sorted()
        return zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.min()
    }

    public func pickPost(near minute: Int, window: Int, allowMentions: Bool, allowWarned: Bool, media: MediaPick, notSince: Date) async -> Post? {
        let records = await texts.records
        let candidates = originals.filter { post in
            let wholeOnly = media == .whole && !post.media.isEmpty
            // Whole: every picture must be fetchable (a file missing from an export is not).
            guard media != .whole || post.media.allSatisfy(\.isFetchable) else { return false }
            guard !post.text.isEmpty || wholeOnly, media != .none || post.media.isEmpty, allowMentions || !post.hasMention, allowWarned || post.warning == nil else { return false }
            guard window >= MinuteOfDay.count / 2
                || MinuteOfDay.distance(MinuteOfDay.of(post.createdAt, in: timeZone), minute) <= window else { return false }
            let record = records[post.textKey]
            return record?.refusedAt == nil && (record?.lastPostedAt.map { $0 < notSince } ?? true)
        }
        // Never posted first, then the one posted longest ago; at random among equals.
        let never = candidates.filter { records[$0.textKey]?.lastPostedAt == nil }
        if !never.isEmpty { return never.randomElement(using: &generator) }
        return candidates.min { (records[$0.textKey]?.lastPostedAt ?? .distantPast) < (records[$1.textKey]?.lastPostedAt ?? .distantPast) }
    }
}
