import APIClientCore
import Foundation
import MirrorBot
import MastodonAPI

/// Mastodon behind the `SocialNetwork` seam: one instance speaks for one
/// account (its `MastodonClient`'s token). Posts go out with `visibility`
/// (`MASTODON_VISIBILITY`); content comes back as the plain text the author wrote.
///
/// Positions: a status stream's is the newest status id served (its `since_id`,
/// what the cursors held before positions existed); the mentions' is
/// `notification:` and the newest notification's id, as notifications page by
/// their own ids. A bare status id stored for the mentions by an older version
/// is refused as unreadable, and the core reads them as on a first run.
public struct MastodonNetwork: SocialNetwork {
    public let client: MastodonClient
    /// Visibility of posts and replies: `public`, `unlisted` (default), `private` or `direct`.
    public var visibility: String
    /// Where a text's warning is found (the bot's network: the human's stored posts), so a
    /// warned post goes out behind the same `spoiler_text` and `sensitive`; nil sends none.
    public var warningSource: (any PostWarningSource)?

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

    /// Public and unlisted statuses only: followers-only and direct ones must never be
    /// stored, lest the bot repost them to everyone. A warned one comes with its warning
    /// (`spoiler_text`, `sensitive`), which a repost carries.
    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        statuses(after: position, limit: limit, publicOnly: true) { .accountStatuses(accountID: userID, sinceID: $0) }
    }

    /// Every status of the account's, followers-only and direct ones too (the bot's own, read
    /// back to find what it sent at its `visibility`).
    public func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        statuses(after: nil, limit: limit) { .accountStatuses(accountID: accountID, sinceID: $0) }
    }

    /// The authenticated account's favourites (Mastodon shows no one else's): `userID` is not used.
    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let pager = client.pager(.favourites(), limit: limit)
        return AsyncThrowingStream(unfolding: { try await Self.mappingErrors { try await pager.next() }?.map(Self.post) })
    }

    /// The authenticated account's home timeline: `userID` is not used.
    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        statuses(after: position, limit: limit) { .homeTimeline(sinceID: $0) }
    }

    /// Mentions from the notifications, paged by notification id.
    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        var sinceID: String?
        if let position {
            guard position.value.hasPrefix(Self.notificationPrefix), position.value.count > Self.notificationPrefix.count else {
                return .failing(StreamPositionError(position, reason: "not a Mastodon notification position"))
            }
            sinceID = String(position.value.dropFirst(Self.notificationPrefix.count))
        }
        let pager = client.pager(.mentions(sinceID: sinceID), limit: limit)
        return AsyncThrowingStream(unfolding: {
            guard let page = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            let newest = await pager.newest.map { StreamPosition(Self.notificationPrefix + $0.id) }
            return StreamPage(page.compactMap { $0.status.map(Self.post) }, position: newest)
        })
    }

    static let notificationPrefix = "notification:"

    /// A reply to a mention starts with `@author` (Mastodon notifies mentions, not replies).
    /// A text the human posted behind a warning goes out behind it (`warningSource`).
    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        let warning = try await warningSource?.warning(of: text)
        let request = PostStatus(
            status: Self.sentText(text, inReplyTo: mention), inReplyToID: mention?.id, visibility: visibility,
            spoilerText: warning.map(\.text), sensitive: warning != nil)
        return try await Self.mappingErrors { try await client.send(request) }.id
    }

    /// The text as sent, or as served back with the author's `@acct` shown as `@username`.
    public func isSent(_ text: String, as post: NetworkPost) -> Bool {
        let posted = post.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if posted == wanted { return true }
        // One `@name ` in front, as `sentText` put it.
        guard posted.hasPrefix("@"), let space = posted.firstIndex(of: " ") else { return false }
        return posted[posted.index(after: space)...] == wanted
    }

    /// Favourites a post (idempotent on the server).
    public func like(postID: String, as userID: String) async throws {
        _ = try await Self.mappingErrors { try await client.send(FavouriteStatus(statusID: postID)) }
    }

    /// Pages on demand from `since_id` (the position); the position handed back is the
    /// newest status served, whether or not `publicOnly` kept it.
    private func statuses(
        after position: StreamPosition?, limit: Int, publicOnly: Bool = false,
        _ request: (_ sinceID: String?) -> MastodonListRequest<MastodonStatus>
    ) -> AsyncThrowingStream<StreamPage, any Error> {
        if let position, position.value.isEmpty || position.value.contains(where: { $0 == ":" || $0.isWhitespace }) {
            return .failing(StreamPositionError(position, reason: "not a Mastodon status id"))
        }
        let pager = client.pager(request(position?.value), limit: limit)
        return AsyncThrowingStream(unfolding: {
            guard let page = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            // A page left empty by the filter is still a page: the walk goes on.
            let posts = page.filter { !publicOnly || Self.isPublic($0) }.map(Self.post)
            return StreamPage(posts, position: await pager.newest.map { StreamPosition($0.id) })
        })
    }

    /// Mastodon's default status length.
    static let characterLimit = 500

    /// What goes out for `text`: a reply with `@acct ` of the mention's author in front,
    /// unless it starts with that mention already or would pass the character limit
    /// (better unaddressed than refused).
    static func sentText(_ text: String, inReplyTo mention: NetworkPost?) -> String {
        guard let acct = mention?.authorUsername else { return text }
        let handle = "@" + acct.lowercased()
        let lowered = text.lowercased()
        if lowered == handle || lowered.hasPrefix(handle + " ") || lowered.hasPrefix(handle + "\n") { return text }
        let addressed = "@" + acct + " " + text
        return addressed.count <= characterLimit ? addressed : text
    }

    // MARK: - Mapping

    /// Public or unlisted (a missing visibility counts as public).
    static func isPublic(_ status: MastodonStatus) -> Bool {
        ["public", "unlisted"].contains(status.visibility ?? "public")
    }

    /// A status as the seam's post: plain text, the author's acct, whom it replies to.
    static func post(_ status: MastodonStatus) -> NetworkPost {
        NetworkPost(
            id: status.id, text: status.plainText,
            createdAt: status.createdDate ?? Date(timeIntervalSince1970: 0),
            authorID: status.account.id, authorUsername: status.account.acct,
            inReplyToUserID: status.inReplyToAccountID, inReplyToUsername: status.inReplyToUsername,
            isRetweet: status.isReblog, inReplyToPostID: status.inReplyToID,
            warning: PostWarning.from(text: status.spoilerText, labels: status.sensitive ? [.sensitive] : []),
            media: media(of: status))
    }

    static func networkError(_ error: MastodonAPIError) -> NetworkError {
        switch error {
        case .unauthorized(let endpoint, let detail): .unauthorized(endpoint: endpoint, detail: detail)
        case .rateLimited(let endpoint, let resetAt): .rateLimited(endpoint: endpoint, resetAt: resetAt)
        case .failed(let endpoint, let status, let detail): .failed(endpoint: endpoint, status: status, detail: detail)
        }
    }

    /// Runs `body`, turning `MastodonAPIError` into the seam's `NetworkError`.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        try await NetworkError.mapping(networkError, body)
    }
}
