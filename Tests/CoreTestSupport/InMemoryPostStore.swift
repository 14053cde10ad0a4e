import Foundation
import MirrorBot

/// The human's posts in memory: `PostStore`, `ReplySource`, `RhythmSource` and
/// `PostPicker` (over `texts`, as PostgreSQL joins `bot_texts`). Minutes and
/// days are computed in `timeZone`, as PostgreSQL stores them.
public actor InMemoryPostStore: PostStore, ReplySource, RhythmSource, PostPicker {
    public private(set) var posts: [Post] = []
    public nonisolated let timeZone: TimeZone
    public nonisolated let texts: InMemoryBotTexts
    private var generator: SeededGenerator

    public init(_ posts: [Post] = [], timeZone: TimeZone = .gmt, texts: InMemoryBotTexts = InMemoryBotTexts(), seed: UInt64 = 1) {
        self.posts = posts
        self.timeZone = timeZone
        self.texts = texts
        generator = SeededGenerator(seed: seed)
    }

    @discardableResult
    public func store(_ new: [Post]) -> Int {
        let known = Set(posts.map(\.id))
        let fresh = new.filter { !known.contains($0.id) }
        posts += fresh
        return fresh.count
    }

    public func count() -> Int { posts.count }
    public func removeAll() { posts = [] }

    public func replies(to userID: String, limit: Int) -> [String] {
        Array(posts.filter { $0.inReplyToUserID == userID }.map(\.text).shuffled(using: &generator).prefix(limit))
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

    public func pickPost(near minute: Int, window: Int, allowMentions: Bool, notSince: Date) async -> Post? {
        let records = await texts.records
        let candidates = originals.filter { post in
            guard !post.text.isEmpty, allowMentions || !post.hasMention else { return false }
            guard window >= MinuteOfDay.count / 2
                || MinuteOfDay.distance(MinuteOfDay.of(post.createdAt, in: timeZone), minute) <= window else { return false }
            let record = records[post.text]
            return record?.refusedAt == nil && (record?.lastPostedAt.map { $0 < notSince } ?? true)
        }
        // Never posted first, then the one posted longest ago; at random among equals.
        let never = candidates.filter { records[$0.text]?.lastPostedAt == nil }
        if !never.isEmpty { return never.randomElement(using: &generator) }
        return candidates.min { (records[$0.text]?.lastPostedAt ?? .distantPast) < (records[$1.text]?.lastPostedAt ?? .distantPast) }
    }
}
