/// One page request on a post-list endpoint (`TweetTimeline`).
public struct TweetListRequest: XRequest {
    public typealias Response = XTweetPage

    public var timeline: TweetTimeline
    public var userID: String
    public var sinceID: String?
    public var maxResults: Int
    public var paginationToken: String?
    /// Which of X's vocabularies the query speaks.
    public var dialect: XFieldDialect

    /// `maxResults` is clamped to the endpoint's bounds; `sinceID` is dropped
    /// where the endpoint has none (liked posts).
    public init(
        _ timeline: TweetTimeline, userID: String, sinceID: String? = nil, maxResults: Int = 100,
        paginationToken: String? = nil, dialect: XFieldDialect = .tweetFields
    ) {
        self.timeline = timeline
        self.userID = userID
        self.sinceID = timeline.supportsSinceID ? sinceID : nil
        let range = timeline.maxResultsRange
        self.maxResults = min(max(maxResults, range.lowerBound), range.upperBound)
        self.paginationToken = paginationToken
        self.dialect = dialect
    }

    public func speaking(_ dialect: XFieldDialect) -> TweetListRequest {
        var copy = self
        copy.dialect = dialect
        return copy
    }

    public var usesFieldDialect: Bool { true }

    /// The dialect whose edit-history name the page's posts carry, when they carry only one
    /// dialect's (X always returns the edit history, under its own dialect's name).
    public func dialect(of response: XTweetPage) -> XFieldDialect? {
        let posts = response.data ?? []
        if posts.contains(where: { $0.editHistoryPostIDs != nil }), !posts.contains(where: { $0.editHistoryTweetIDs != nil }) {
            return .postFields
        }
        if posts.contains(where: { $0.editHistoryTweetIDs != nil }), !posts.contains(where: { $0.editHistoryPostIDs != nil }) {
            return .tweetFields
        }
        return nil
    }

    public var method: String { "GET" }
    public var path: String { timeline.path(userID: userID) }
    public var pathTemplate: String { timeline.pathTemplate }

    public var query: [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("max_results", String(maxResults))]
        if let sinceID { items.append(("since_id", sinceID)) }
        if let paginationToken { items.append(("pagination_token", paginationToken)) }
        return items + dialect.query(media: asksForMedia)
    }

    /// Whether the posts come with their media: the human's own posts only (the ones reposted);
    /// X bills each media object a read returns, so the other lists do not ask.
    public var asksForMedia: Bool { timeline == .userTweets }
}
