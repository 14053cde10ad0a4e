import APIClientCore
import Foundation
import MirrorBot
import MirrorBotSpend
import XAPI

/// X API v2 behind the `SocialNetwork` seam: one instance speaks for one
/// account (its `XClient`'s credentials).
public struct XNetwork: SocialNetwork {
    public let client: XClient
    /// Posts requested per page (X allows up to 100).
    public var pageSize: Int
    /// Counts what this account's requests cost (`X_PRICES`, the day's spend); nil: not counted.
    public var meter: XSpendMeter?

    public init(client: XClient, pageSize: Int = 100, meter: XSpendMeter? = nil) {
        self.client = client
        self.pageSize = pageSize
        self.meter = meter
    }

    /// A network for `credentials` at `baseURL` (`X_API_BASE_URL`, default `https://api.x.com`);
    /// `observe` hears the client's attempts, retries and rate-limit waits; `dialects` is
    /// the dialect learned so far, shared by the clients of one server; `appRateLimits`, the
    /// per-app windows shared by the clients of the credentials' app (in a host).
    public init(
        credentials: OAuthCredentials, configuration: XClientConfiguration = XClient.defaultConfiguration,
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }, dialects: XDialectMemory = XDialectMemory(),
        meter: XSpendMeter? = nil, appRateLimits: AppRateLimits? = nil
    ) {
        self.init(
            client: XClient(
                credentials: credentials, configuration: configuration, observe: observe, dialects: dialects, appRateLimits: appRateLimits),
            meter: meter)
    }

    public func me() async throws -> Account {
        let response = try await Self.mappingErrors { try await client.send(GetMe()) }
        await meter?.readMe()
        guard let user = response.data else {
            throw NetworkError.failed(endpoint: GetMe().endpoint, status: 200, detail: Self.missingData(response.errors))
        }
        return Account(id: user.id, username: user.username)
    }

    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        stream(.userTweets, userID: userID, after: position, limit: limit)
    }

    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let pager = client.pager(.likedTweets, userID: userID, limit: limit, pageSize: pageSize)
        return AsyncThrowingStream(unfolding: { [meter] in
            guard let page = try await Self.metered(pager, .likedTweets, meter) else { return nil }
            return Self.posts(in: page)
        })
    }

    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        stream(.homeTimeline, userID: userID, after: position, limit: limit)
    }

    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        stream(.mentions, userID: userID, after: position, limit: limit)
    }

    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        let request = CreateTweet(text: text, inReplyToTweetID: mention?.id)
        let response = try await paying(.post(text: text, reply: mention != nil)) {
            try await Self.mappingErrors { try await client.send(request) }
        }
        guard let id = response.data?.id else {
            throw NetworkError.failed(endpoint: request.endpoint, status: 201, detail: Self.missingData(response.errors))
        }
        return id
    }

    public func like(postID: String, as userID: String) async throws {
        let request = LikeTweet(userID: userID, tweetID: postID)
        let response = try await Self.mappingErrors { try await client.send(request) }
        await meter?.liked()
        guard response.data?.liked == true else {
            throw NetworkError.failed(endpoint: request.endpoint, status: 200, detail: Self.missingData(response.errors))
        }
    }

    /// Pages on demand: a page is fetched only when the consumer asks for it. The position
    /// is the newest post's id (X's `since_id`): the cursors stored before positions existed.
    private func stream(_ timeline: TweetTimeline, userID: String, after position: StreamPosition?, limit: Int)
        -> AsyncThrowingStream<StreamPage, any Error>
    {
        if let position, position.value.isEmpty || !position.value.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return .failing(StreamPositionError(position, reason: "an X post id is a number"))
        }
        let pager = client.pager(timeline, userID: userID, sinceID: position?.value, limit: limit, pageSize: pageSize)
        return AsyncThrowingStream(unfolding: { [meter] in
            guard let page = try await Self.metered(pager, timeline, meter) else { return nil }
            return StreamPage(Self.posts(in: page), position: await pager.newestID.map { StreamPosition($0) })
        })
    }

    /// The pager's next page, its request counted by `meter` with the posts it returned
    /// (an empty answer too: a request that returned nothing, and cost nothing).
    private static func metered(_ pager: XTweetPager, _ timeline: TweetTimeline, _ meter: XSpendMeter?) async throws -> XTweetPage? {
        let before = await pager.requests
        let page = try await mappingErrors { try await pager.next() }
        if let meter, await pager.requests > before {
            await meter.read(timeline, ids: page?.data?.map(\.id) ?? [])
            if let media = page?.includes?.media, !media.isEmpty { await meter.readMedia(keys: media.compactMap(\.mediaKey)) }
        }
        return page
    }

    /// `send`, paid through the meter when there is one (`XSpendMeter.paying`).
    func paying<T>(_ write: XSpendMeter.PaidWrite, _ send: () async throws -> T) async throws -> T {
        guard let meter else { return try await send() }
        return try await meter.paying(write, send)
    }

    // MARK: - Mapping

    /// The page's posts with author and replied-to names from `includes.users`, in either
    /// dialect. A reply whose replied-to user is neither a field nor found through the
    /// replied-to post in `includes` (`tweets` or `posts`), and any post whose kind the
    /// answer does not show, is marked `isKindUnknown`: never taken for an original.
    static func posts(in page: XTweetPage) -> [NetworkPost] {
        let included = (page.includes?.tweets ?? []) + (page.includes?.posts ?? [])
        let media = page.includes?.media ?? []
        return (page.data ?? []).map { tweet in
            var kind = tweet.kind
            var replyTo = tweet.inReplyToUserID
            if kind == .reply, replyTo == nil {
                replyTo = tweet.repliedToID.flatMap { id in included.first { $0.id == id }?.authorID }
                if replyTo == nil { kind = .unknown }
            }
            let authorID = tweet.authorID ?? ""
            // The `t.co` link X appended for the post's media is not the human's words.
            let hasMedia = tweet.attachments?.mediaKeys?.isEmpty == false
            let text = hasMedia ? withoutMediaLink(unescapeHTML(tweet.text), link: nil) : unescapeHTML(tweet.text)
            if authorID.isEmpty, kind != .retweet { kind = .unknown }
            return NetworkPost(
                id: tweet.id, text: text,
                createdAt: tweet.createdDate ?? XDate.fromSnowflake(tweet.id) ?? Date(timeIntervalSince1970: 0),
                authorID: authorID, authorUsername: page.includedUser(id: tweet.authorID)?.username,
                inReplyToUserID: replyTo, inReplyToUsername: page.includedUser(id: replyTo)?.username,
                isRetweet: kind == .retweet, isKindUnknown: kind == .unknown, inReplyToPostID: kind == .reply ? tweet.repliedToID : nil,
                media: Self.media(of: tweet, in: media))
        }
    }

    /// X API v2 escapes `&`, `<` and `>` in post text; give back what the author wrote.
    static func unescapeHTML(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Runs `body`, turning `XAPIError` into the seam's `NetworkError`.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        try await NetworkError.mapping(networkError, body)
    }

    static func networkError(_ error: XAPIError) -> NetworkError {
        switch error {
        case .duplicateContent: .duplicateContent
        case .likesNotPermitted(_, let detail): .likesNotPermitted(detail: detail)
        case .replyNotPermitted(_, let detail): .replyNotPermitted(detail: detail)
        case .unauthorized(let endpoint, let detail): .unauthorized(endpoint: endpoint, detail: detail)
        case .rateLimited(let endpoint, let resetAt): .rateLimited(endpoint: endpoint, resetAt: resetAt)
        case .failed(let endpoint, let status, let detail): .failed(endpoint: endpoint, status: status, detail: detail)
        case .invalidRequest(let endpoint, _, let detail): .failed(endpoint: endpoint, status: 400, detail: detail)
        case .outcomeUnknown(let endpoint, let detail): .outcomeUnknown(endpoint: endpoint, detail: detail)
        }
    }

    private static func missingData(_ errors: [XProblem]?) -> String {
        errors?.compactMap(\.summary).first ?? "response without data"
    }
}
