import Foundation
import MirrorBot

/// The network seam, counted: every call of `base` is reported to the status board
/// by account, endpoint (the seam's method: `posts`, `likes`, `home_timeline`,
/// `mentions`, `post`, `like`, `me`) and outcome (`ok` or the `NetworkError` case),
/// and a rate limit the client did not wait out is counted as a wait.
///
/// It sees what the loops see: one count per page of a stream (one for a stream that
/// ends without a page: an empty answer) and per write. The client's own attempts,
/// retries and rate-limit waits inside one call reach the board through the client's
/// observer (`StatusBoard.countAttempt`, `countRetry`, `countClientWait`).
public struct CountingNetwork: SocialNetwork {
    public let base: any SocialNetwork
    /// `bot` or `human`.
    public let account: String
    public let board: StatusBoard

    public init(_ base: any SocialNetwork, account: String, board: StatusBoard) {
        self.base = base
        self.account = account
        self.board = board
    }

    public func me() async throws -> Account {
        try await counted("me") { try await base.me() }
    }

    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        counted("posts", base.posts(of: userID, after: position, limit: limit))
    }

    public func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        counted("posts", base.sentPosts(of: accountID, limit: limit))
    }

    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        counted("likes", base.likes(of: userID, limit: limit))
    }

    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        counted("home_timeline", base.homeTimeline(of: userID, after: position, limit: limit))
    }

    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        counted("mentions", base.mentions(of: userID, after: position, limit: limit))
    }

    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        try await counted("post") { try await base.post(text: text, inReplyTo: mention) }
    }

    public var carriesMedia: Bool { base.carriesMedia }

    public func post(whole source: Post) async throws -> String {
        try await counted("post") { try await base.post(whole: source) }
    }

    public func isSent(_ text: String, as post: NetworkPost) -> Bool { base.isSent(text, as: post) }

    public func like(postID: String, as userID: String) async throws {
        try await counted("like") { try await base.like(postID: postID, as: userID) }
    }

    // MARK: - Counting

    func counted<T: Sendable>(_ endpoint: String, _ call: () async throws -> T) async throws -> T {
        do {
            let value = try await call()
            board.countRequest(account: account, endpoint: endpoint, outcome: "ok", rateLimited: false)
            return value
        } catch {
            report(endpoint, error)
            throw error
        }
    }

    /// The same pages, each counted as it arrives; no page is asked for before the consumer wants it.
    /// A stored position the adapter cannot read is not a request: it is not counted.
    private func counted<Page: Sendable>(_ endpoint: String, _ stream: AsyncThrowingStream<Page, any Error>) -> AsyncThrowingStream<Page, any Error> {
        let pages = PageReader(stream)
        return AsyncThrowingStream(unfolding: { [board, account] in
            do {
                guard let page = try await pages.next() else {
                    if await pages.pagesRead == 0 { board.countRequest(account: account, endpoint: endpoint, outcome: "ok", rateLimited: false) }
                    return nil
                }
                board.countRequest(account: account, endpoint: endpoint, outcome: "ok", rateLimited: false)
                return page
            } catch let error as StreamPositionError {
                throw error
            } catch {
                CountingNetwork.report(board: board, account: account, endpoint, error)
                throw error
            }
        })
    }

    private func report(_ endpoint: String, _ error: any Error) {
        Self.report(board: board, account: account, endpoint, error)
    }

    private static func report(board: StatusBoard, account: String, _ endpoint: String, _ error: any Error) {
        let outcome = outcome(of: error)
        board.countRequest(account: account, endpoint: endpoint, outcome: outcome, rateLimited: outcome == "rate_limited")
    }

    /// An error as a label value: the `NetworkError` case, `cancelled`, or `error`.
    static func outcome(of error: any Error) -> String {
        switch error {
        case NetworkError.duplicateContent: "duplicate_content"
        case NetworkError.likesNotPermitted: "likes_not_permitted"
        case NetworkError.replyNotPermitted: "reply_not_permitted"
        case NetworkError.unauthorized: "unauthorized"
        case NetworkError.rateLimited: "rate_limited"
        case NetworkError.failed: "failed"
        case NetworkError.outcomeUnknown: "outcome_unknown"
        case is CancellationError: "cancelled"
        default: "error"
        }
    }
}

/// Reads a stream's pages one at a time for the counting stream (one consumer, in turn).
private actor PageReader<Page: Sendable> {
    private var iterator: AsyncThrowingStream<Page, any Error>.Iterator
    private(set) var pagesRead = 0

    init(_ stream: AsyncThrowingStream<Page, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async throws -> Page? {
        // The iterator shares its stream's storage: a copy reads the same pages.
        var current = iterator
        defer { iterator = current }
        let page = try await current.next(isolation: self)
        if page != nil { pagesRead += 1 }
        return page
    }
}
