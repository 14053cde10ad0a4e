import MirrorBot
import MirrorBotSpend
import Synchronization

/// `SpendStore` in memory: the rows `api_spend` keeps, one a day and endpoint, added to.
public final class InMemorySpendStore: SpendStore {
    private let rows = Mutex<[String: [String: SpendLine]]>([:])
    private let reads = Mutex<[String: Set<String>]>([:])

    public init() {}

    public func addSpend(_ line: SpendLine, day: String) async throws {
        rows.withLock { $0[day, default: [:]][line.endpoint, default: .zero(line.endpoint)].add(line) }
    }

    public func spend(day: String) async throws -> [SpendLine] {
        rows.withLock { ($0[day] ?? [:]).values.sorted { $0.endpoint < $1.endpoint } }
    }

    public func firstReads(of ids: [String], day: String) async throws -> Set<String> {
        reads.withLock { reads in Set(ids.filter { reads[day, default: []].insert($0).inserted }) }
    }
}

/// A flat price for tests: `post` for a post, `url` for one containing "http".
public struct FlatPostPricing: PostPricing {
    public var post: Double
    public var url: Double

    public init(post: Double = 0.015, url: Double = 0.2) {
        self.post = post
        self.url = url
    }

    public func price(ofPost text: String, reply: Bool) -> Double { hasURL(text) ? url : post }
    public func hasURL(_ text: String) -> Bool { text.contains("http") }
}

/// The seam, with each stream read counted by method (`home_timeline`, `mentions`, `posts`, `likes`).
public final class ReadCountingNetwork: SocialNetwork {
    public let base: any SocialNetwork
    private let counts = Mutex<[String: Int]>([:])

    public init(_ base: any SocialNetwork) {
        self.base = base
    }

    public func reads(_ method: String) -> Int { counts.withLock { $0[method] ?? 0 } }

    private func count(_ method: String) { counts.withLock { $0[method, default: 0] += 1 } }

    public func me() async throws -> Account { try await base.me() }

    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        count("posts")
        return base.posts(of: userID, after: position, limit: limit)
    }

    public func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        count("posts")
        return base.sentPosts(of: accountID, limit: limit)
    }

    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        count("likes")
        return base.likes(of: userID, limit: limit)
    }

    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        count("home_timeline")
        return base.homeTimeline(of: userID, after: position, limit: limit)
    }

    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        count("mentions")
        return base.mentions(of: userID, after: position, limit: limit)
    }

    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        try await base.post(text: text, inReplyTo: mention)
    }

    public func isSent(_ text: String, as post: NetworkPost) -> Bool { base.isSent(text, as: post) }

    public func like(postID: String, as userID: String) async throws { try await base.like(postID: postID, as: userID) }
}
