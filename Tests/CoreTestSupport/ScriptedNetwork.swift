import Foundation
import MirrorBot
import Synchronization

/// The network seam as a test scripts it: streams serve what the test put in
/// (newest first, as networks page), writes are recorded, and failures come
/// when and as often as told. Posting appends the bot's post to its own timeline
/// with the clock's time, as a real network would.
public final class ScriptedNetwork: SocialNetwork {
    public struct Write: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case post, reply(to: String), like(String) }
        public var kind: Kind
        public var text: String?
        public var at: Date
    }

    private struct State {
        var posts: [String: [NetworkPost]] = [:]
        var likes: [String: [NetworkPost]] = [:]
        var home: [String: [NetworkPost]] = [:]
        var mentions: [String: [NetworkPost]] = [:]
        var writes: [Write] = []
        var attempts = 0
        var postErrors: [NetworkError] = []
        var likeErrors: [NetworkError] = []
        var readErrors: [NetworkError] = []
        var nextID = 9_000_000
    }

    public let account: Account
    private let clock: any BotClock
    private let state = Mutex(State())
    /// The error every post attempt throws (PostSender's branches); nil: posts succeed.
    public let postError: NetworkError?
    public let timelineFails: Bool

    public init(account: Account = Account(id: "2", username: "mirror"), clock: any BotClock = SystemClock()) {
        self.account = account
        self.clock = clock
        postError = nil
        timelineFails = false
    }

    /// A bot whose posts always fail with `postError`, whose own timeline is `timeline`.
    public init(postError: NetworkError?, timeline: [NetworkPost] = [], timelineFails: Bool = false) {
        account = Account(id: "2", username: "mirror")
        clock = SystemClock()
        self.postError = postError
        self.timelineFails = timelineFails
        state.withLock { $0.posts[account.id] = timeline }
    }

    // MARK: - Scripting

    public func addPosts(_ posts: [NetworkPost], of userID: String) { state.withLock { $0.posts[userID, default: []] += posts } }
    public func addLikes(_ posts: [NetworkPost], of userID: String) { state.withLock { $0.likes[userID, default: []] += posts } }
    public func addHome(_ posts: [NetworkPost], of userID: String) { state.withLock { $0.home[userID, default: []] += posts } }
    public func addMentions(_ posts: [NetworkPost], of userID: String) { state.withLock { $0.mentions[userID, default: []] += posts } }
    /// The next post attempts fail with these errors, in order.
    public func failPosts(_ errors: [NetworkError]) { state.withLock { $0.postErrors += errors } }
    public func failLikes(_ errors: [NetworkError]) { state.withLock { $0.likeErrors += errors } }
    /// The next reads (any stream) fail with these errors, in order.
    public func failReads(_ errors: [NetworkError]) { state.withLock { $0.readErrors += errors } }

    /// Every write that went through, in order.
    public var writes: [Write] { state.withLock { $0.writes } }
    /// Post attempts, failed ones included.
    public var sent: Int { state.withLock { $0.attempts } }

    // MARK: - SocialNetwork

    public func me() async throws -> Account { account }

    public func posts(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        if timelineFails { return Self.failing(.failed(endpoint: "GET", status: 503, detail: "down")) }
        return serve(\.posts, userID, sinceID: sinceID, limit: limit)
    }

    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        serve(\.likes, userID, sinceID: nil, limit: limit, sorted: false)
    }

    public func homeTimeline(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        serve(\.home, userID, sinceID: sinceID, limit: limit)
    }

    public func mentions(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        serve(\.mentions, userID, sinceID: sinceID, limit: limit)
    }

    public func post(text: String, inReplyTo postID: String?) async throws -> String {
        let now = clock.now()
        return try state.withLock { state in
            state.attempts += 1
            if let postError { throw postError }
            if !state.postErrors.isEmpty { throw state.postErrors.removeFirst() }
            state.nextID += 1
            let id = String(state.nextID)
            state.writes.append(Write(kind: postID.map { .reply(to: $0) } ?? .post, text: text, at: now))
            state.posts[account.id, default: []].append(
                NetworkPost(id: id, text: text, createdAt: now, authorID: account.id, authorUsername: account.username))
            return id
        }
    }

    public func like(postID: String, as userID: String) async throws {
        let now = clock.now()
        try state.withLock { state in
            if !state.likeErrors.isEmpty { throw state.likeErrors.removeFirst() }
            state.writes.append(Write(kind: .like(postID), text: nil, at: now))
        }
    }

    // MARK: - Serving

    private func serve(
        _ stream: KeyPath<State, [String: [NetworkPost]]>, _ userID: String, sinceID: String?, limit: Int, sorted: Bool = true
    ) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let result: Result<[NetworkPost], NetworkError> = state.withLock { state in
            if !state.readErrors.isEmpty { return .failure(state.readErrors.removeFirst()) }
            var posts = state[keyPath: stream][userID] ?? []
            if sorted { posts.sort { isNewer($0.id, than: $1.id) } } else { posts.reverse() }
            if let sinceID { posts = posts.filter { isNewer($0.id, than: sinceID) } }
            return .success(Array(posts.prefix(limit)))
        }
        switch result {
        case .failure(let error):
            return Self.failing(error)
        case .success(let posts):
            return AsyncThrowingStream { continuation in
                // Pages of 100, as the networks serve them.
                var start = 0
                while start < posts.count {
                    continuation.yield(Array(posts[start..<min(start + 100, posts.count)]))
                    start += 100
                }
                continuation.finish()
            }
        }
    }

    private static func failing(_ error: NetworkError) -> AsyncThrowingStream<[NetworkPost], any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
