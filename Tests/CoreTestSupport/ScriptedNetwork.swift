import Clocks
import Foundation
import MirrorBot
import PublishingContext
import Synchronization

/// The network seam as a test scripts it: streams serve what the test put in
/// (newest first, as networks page), writes are recorded, and failures come
/// when and as often as told. Ids grow as X's do (longer is newer, then by
/// text); a stream's position is the newest id served, and one that is not
/// all digits is refused as unreadable (`StreamPositionError`). Posting appends the bot's post to its own timeline
/// with the clock's time, as a real network would.
public final class ScriptedNetwork: SocialNetwork {
    public struct Write: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case post, reply(to: String), like(String) }
        public var kind: Kind
        public var text: String?
        public var at: Date
        /// Made while publishing a post (`Publishing.underway`): its requests first in their server's line.
        public var publishing = Publishing.underway
    }

    private struct State {
        var posts: [String: [NetworkPost]] = [:]
        var likes: [String: [NetworkPost]] = [:]
        var home: [String: [NetworkPost]] = [:]
        var mentions: [String: [NetworkPost]] = [:]
        var writes: [Write] = []
        /// For each read of mentions: whether it was made while `Answering.underway`.
        var mentionReads: [Bool] = []
        /// For each read of the account: whether it was made while `Starting.underway`.
        var accountReads: [Bool] = []
        var attempts = 0
        var postErrors: [NetworkError] = []
        var likeErrors: [NetworkError] = []
        var readErrors: [NetworkError] = []
        /// Errors for the next reads of what the account sent (`sentPosts`).
        var sentErrors: [NetworkError] = []
        var nextID = 9_000_000
    }

    public let account: Account
    private let clock: any BotClock
    private let state = Mutex(State())
    /// The error every post attempt throws (PostSender's branches); nil: posts succeed.
    public let postError: NetworkError?
    public let timelineFails: Bool
    /// What goes out for a text (Mastodon puts `@author` in front of a reply); nil: the text itself.
    public let sentAs: (@Sendable (String) -> String)?

    public init(account: Account = Account(id: "2", username: "mirror"), clock: any BotClock = SystemClock()) {
        self.account = account
        self.clock = clock
        postError = nil
        timelineFails = false
        sentAs = nil
    }

    /// A bot whose posts always fail with `postError`, whose own timeline is `timeline`.
    public init(
        postError: NetworkError?, timeline: [NetworkPost] = [], timelineFails: Bool = false, sentAs: (@Sendable (String) -> String)? = nil
    ) {
        account = Account(id: "2", username: "mirror")
        clock = SystemClock()
        self.postError = postError
        self.timelineFails = timelineFails
        self.sentAs = sentAs
        state.withLock { $0.posts[account.id] = timeline }
    }

    public func isSent(_ text: String, as post: NetworkPost) -> Bool {
        post.text == (sentAs?(text) ?? text)
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
    public func failSentPosts(_ errors: [NetworkError]) { state.withLock { $0.sentErrors += errors } }

    /// Every write that went through, in order.
    public var writes: [Write] { state.withLock { $0.writes } }
    /// For each read of mentions, in order: whether it was made while answering (`Answering.underway`),
    /// its requests soon in their server's line.
    public var mentionReadsAnswering: [Bool] { state.withLock { $0.mentionReads } }
    /// For each read of the account, in order: whether it was made while a bot started (`Starting.underway`),
    /// its requests soon in their server's line.
    public var accountReadsStarting: [Bool] { state.withLock { $0.accountReads } }
    /// Post attempts, failed ones included.
    public var sent: Int { state.withLock { $0.attempts } }

    // MARK: - SocialNetwork

    public func me() async throws -> Account {
        let starting = Starting.underway
        state.withLock { $0.accountReads.append(starting) }
        return account
    }

    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        if timelineFails { return .failing(NetworkError.failed(endpoint: "GET", status: 503, detail: "down")) }
        return positioned(\.posts, userID, after: position, limit: limit)
    }

    public func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        if let error = state.withLock({ $0.sentErrors.isEmpty ? nil : $0.sentErrors.removeFirst() }) { return .failing(error) }
        return posts(of: accountID, after: nil, limit: limit)
    }

    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let pages = serve(\.likes, userID, sinceID: nil, limit: limit, sorted: false)
        return AsyncThrowingStream { continuation in
            switch pages {
            case .failure(let error): continuation.finish(throwing: error)
            case .success(let pages):
                for page in pages { continuation.yield(page) }
                continuation.finish()
            }
        }
    }

    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        positioned(\.home, userID, after: position, limit: limit)
    }

    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        let answering = Answering.underway
        state.withLock { $0.mentionReads.append(answering) }
        return positioned(\.mentions, userID, after: position, limit: limit)
    }

    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        let postID = mention?.id
        let now = clock.now()
        return try state.withLock { state in
            state.attempts += 1
            if let postError { throw postError }
            if !state.postErrors.isEmpty { throw state.postErrors.removeFirst() }
            state.nextID += 1
            let id = String(state.nextID)
            state.writes.append(Write(kind: postID.map { .reply(to: $0) } ?? .post, text: text, at: now))
            state.posts[account.id, default: []].append(
                NetworkPost(
                    id: id, text: text, createdAt: now, authorID: account.id, authorUsername: account.username,
                    inReplyToUserID: mention?.authorID, inReplyToUsername: mention?.authorUsername, inReplyToPostID: postID))
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

    /// Ids grow: longer is newer, then by text.
    static func comesAfter(_ a: String, than b: String) -> Bool {
        a.count != b.count ? a.count > b.count : a > b
    }

    private func positioned(
        _ stream: KeyPath<State, [String: [NetworkPost]]>, _ userID: String, after position: StreamPosition?, limit: Int
    ) -> AsyncThrowingStream<StreamPage, any Error> {
        if let position, position.value.isEmpty || !position.value.allSatisfy(\.isASCII) || !position.value.allSatisfy(\.isNumber) {
            return .failing(StreamPositionError(position, reason: "not an id"))
        }
        let pages = serve(stream, userID, sinceID: position?.value, limit: limit)
        return AsyncThrowingStream { continuation in
            switch pages {
            case .failure(let error): continuation.finish(throwing: error)
            case .success(let pages):
                let newest = pages.first?.first.map { StreamPosition($0.id) }
                for page in pages { continuation.yield(StreamPage(page, position: newest)) }
                continuation.finish()
            }
        }
    }

    /// The posts newer than `sinceID`, in pages of 100, as the networks serve them; or the next read error.
    private func serve(
        _ stream: KeyPath<State, [String: [NetworkPost]]>, _ userID: String, sinceID: String?, limit: Int, sorted: Bool = true
    ) -> Result<[[NetworkPost]], NetworkError> {
        state.withLock { state in
            if !state.readErrors.isEmpty { return .failure(state.readErrors.removeFirst()) }
            var posts = state[keyPath: stream][userID] ?? []
            if sorted { posts.sort { Self.comesAfter($0.id, than: $1.id) } } else { posts.reverse() }
            if let sinceID { posts = posts.filter { Self.comesAfter($0.id, than: sinceID) } }
            posts = Array(posts.prefix(limit))
            return .success(stride(from: 0, to: posts.count, by: 100).map { Array(posts[$0..<min($0 + 100, posts.count)]) })
        }
    }
}
