import APIClientCore
import Foundation
import MirrorBot
import MastodonAPI

/// Mastodon behind the `SocialNetwork` seam: one instance speaks for one
/// account (its `MastodonClient`'s token). Posts go out with `visibility`
/// (`MASTODON_VISIBILITY`); content comes back as the plain text the author wrote.
public struct MastodonNetwork: SocialNetwork {
    public let client: MastodonClient
    /// Visibility of posts and replies: `public`, `unlisted` (default), `private` or `direct`.
    public var visibility: String
    /// Authors and notification ids of the mentions served (replies name the author; paging by notification id).
    let mentionAuthors = MastodonMentionBook()

    public init(client: MastodonClient, visibility: String = "unlisted") {
        self.client = client
        self.visibility = visibility
    }

    /// A network for `token` at `baseURL` (`MASTODON_BASE_URL`); `observe` hears the
    /// client's attempts, retries and rate-limit waits.
    public init(
        baseURL: URL, token: String, visibility: String = "unlisted", observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }
    ) {
        let client = MastodonClient(token: token, configuration: MastodonClientConfiguration(baseURL: baseURL), observe: observe)
        self.init(client: client, visibility: visibility)
    }

    public func me() async throws -> Account {
        let account = try await Self.mappingErrors { try await client.send(VerifyCredentials()) }
        return Account(id: account.id, username: account.acct)
    }

    /// Public and unlisted statuses without a content warning only: followers-only
    /// and direct ones must never be stored, lest the bot repost them to everyone,
    /// nor ones the human put behind a warning, which a repost would drop.
    public func posts(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        statuses(.accountStatuses(accountID: userID, sinceID: sinceID), sinceID: sinceID, limit: limit, publicOnly: true)
    }

    /// The authenticated account's favourites (Mastodon shows no one else's): `userID` is not used.
    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        statuses(.favourites(), sinceID: nil, limit: limit)
    }

    /// The authenticated account's home timeline: `userID` is not used.
    public func homeTimeline(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        statuses(.homeTimeline(sinceID: sinceID), sinceID: sinceID, limit: limit)
    }

    /// Mentions from the notifications. `sinceID` is a status id (the seam's
    /// cursor), while notifications page by their own ids: see `MastodonMentionWalk`.
    public func mentions(of userID: String, sinceID: String?, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let walk = MastodonMentionWalk(client: client, book: mentionAuthors, sinceID: sinceID, limit: limit)
        return AsyncThrowingStream(unfolding: { try await Self.mappingErrors { try await walk.next() } })
    }

    /// A reply to a mention this network served starts with `@author`
    /// (Mastodon notifies mentions, not replies).
    public func post(text: String, inReplyTo postID: String?) async throws -> String {
        var text = text
        if let postID, let acct = await mentionAuthors.author(of: postID) {
            let addressed = MastodonMentionBook.addressed(text, to: acct)
            // Mastodon's default limit is 500 characters: better unaddressed than refused.
            if addressed.count <= Self.characterLimit { text = addressed }
        }
        let request = PostStatus(status: text, inReplyToID: postID, visibility: visibility)
        return try await Self.mappingErrors { try await client.send(request) }.id
    }

    /// Favourites a post (idempotent on the server).
    public func like(postID: String, as userID: String) async throws {
        _ = try await Self.mappingErrors { try await client.send(FavouriteStatus(statusID: postID)) }
    }

    /// Pages on demand; with `sinceID`, stops at the first status not newer (Mastodon's
    /// `next` links drop `since_id`).
    private func statuses(_ request: MastodonListRequest<MastodonStatus>, sinceID: String?, limit: Int, publicOnly: Bool = false)
        -> AsyncThrowingStream<[NetworkPost], any Error>
    {
        var isKnown: (@Sendable (MastodonStatus) -> Bool)?
        if let sinceID { isKnown = { status in !isNewer(status.id, than: sinceID) } }
        let pager = client.pager(request, limit: limit, isKnown: isKnown)
        return AsyncThrowingStream(unfolding: {
            guard let page = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            // A page left empty by the filter is still a page: the walk goes on.
            return page.filter { !publicOnly || Self.isPublic($0) }.map(Self.post)
        })
    }

    /// Mastodon's default status length.
    static let characterLimit = 500

    // MARK: - Mapping

    /// Public or unlisted (a missing visibility counts as public), and without a content warning.
    static func isPublic(_ status: MastodonStatus) -> Bool {
        ["public", "unlisted"].contains(status.visibility ?? "public") && status.spoilerText.isEmpty
    }

    /// A status as the seam's post: plain text, the author's acct, whom it replies to.
    static func post(_ status: MastodonStatus) -> NetworkPost {
        NetworkPost(
            id: status.id, text: status.plainText,
            createdAt: status.createdDate ?? Date(timeIntervalSince1970: 0),
            authorID: status.account.id, authorUsername: status.account.acct,
            inReplyToUserID: status.inReplyToAccountID, inReplyToUsername: status.inReplyToUsername,
            isRetweet: status.isReblog)
    }

    /// Runs `body`, turning `MastodonAPIError` into the seam's `NetworkError`.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as MastodonAPIError {
            switch error {
            case .unauthorized(let endpoint, let detail): throw NetworkError.unauthorized(endpoint: endpoint, detail: detail)
            case .rateLimited(let endpoint, let resetAt): throw NetworkError.rateLimited(endpoint: endpoint, resetAt: resetAt)
            case .failed(let endpoint, let status, let detail):
                throw NetworkError.failed(endpoint: endpoint, status: status, detail: detail)
            }
        }
    }
}
