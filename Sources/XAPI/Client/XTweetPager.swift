import Foundation

/// One paginated walk over a post list: `next()` fetches the next page
/// (following `next_token`) until the limit or the last page, then returns nil.
/// `newestID` is where a later walk resumes (its `since_id`): the newest post served.
public actor XTweetPager {
    let client: XClient
    let timeline: TweetTimeline
    let userID: String
    let sinceID: String?
    let limit: Int
    let pageSize: Int
    private var token: String?
    private var fetched = 0
    private var finished = false
    /// The newest post of the walk so far (`meta.newest_id` of its first page); nil before one.
    public private(set) var newestID: String?
    /// Requests sent so far (an empty answer ends the walk but was a request: X counts it).
    public private(set) var requests = 0

    init(client: XClient, timeline: TweetTimeline, userID: String, sinceID: String?, limit: Int, pageSize: Int) {
        self.client = client
        self.timeline = timeline
        self.userID = userID
        self.sinceID = sinceID
        self.limit = limit
        self.pageSize = pageSize
    }

    /// The next page, or nil when the walk is over.
    public func next() async throws -> XTweetPage? {
        guard !finished, fetched < limit else { return nil }
        let request = TweetListRequest(
            timeline, userID: userID, sinceID: sinceID, maxResults: min(pageSize, limit - fetched),
            paginationToken: token)
        requests += 1
        var page = try await client.send(request)
        let tweets = page.data ?? []
        if tweets.count > limit - fetched { page.data = Array(tweets.prefix(limit - fetched)) }
        fetched += page.data?.count ?? 0
        token = page.meta?.nextToken
        if token == nil || tweets.isEmpty { finished = true }
        if tweets.isEmpty { return nil }
        newestID = newestID ?? page.meta?.newestID ?? tweets.first?.id
        return page
    }
}
