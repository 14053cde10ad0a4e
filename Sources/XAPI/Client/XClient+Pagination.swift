import Foundation

extension XClient {
    /// Pages of a post list, newest first, until `limit` posts (capped at the
    /// endpoint's total, 3,200 for a user's posts), the last page, or the
    /// consumer stops: a page is requested only when the consumer asks for it.
    public func pages(
        _ timeline: TweetTimeline, userID: String, sinceID: String? = nil, limit: Int, pageSize: Int = 100
    ) -> AsyncThrowingStream<XTweetPage, any Error> {
        let cap = min(limit, timeline.totalCap ?? Int.max)
        let cursor = PageCursor(
            client: self, timeline: timeline, userID: userID, sinceID: sinceID, limit: cap, pageSize: pageSize)
        return AsyncThrowingStream(unfolding: { try await cursor.next() })
    }
}

/// The state of one paginated walk.
actor PageCursor {
    let client: XClient
    let timeline: TweetTimeline
    let userID: String
    let sinceID: String?
    let limit: Int
    let pageSize: Int
    private var token: String?
    private var fetched = 0
    private var finished = false

    init(client: XClient, timeline: TweetTimeline, userID: String, sinceID: String?, limit: Int, pageSize: Int) {
        self.client = client
        self.timeline = timeline
        self.userID = userID
        self.sinceID = sinceID
        self.limit = limit
        self.pageSize = pageSize
    }

    /// The next page, or nil when the walk is over.
    func next() async throws -> XTweetPage? {
        guard !finished, fetched < limit else { return nil }
        let request = TweetListRequest(
            timeline, userID: userID, sinceID: sinceID, maxResults: min(pageSize, limit - fetched),
            paginationToken: token)
        var page = try await client.send(request)
        let tweets = page.data ?? []
        if tweets.count > limit - fetched { page.data = Array(tweets.prefix(limit - fetched)) }
        fetched += page.data?.count ?? 0
        token = page.meta?.nextToken
        if token == nil || tweets.isEmpty { finished = true }
        if tweets.isEmpty { return nil }
        return page
    }
}
