import Foundation

extension XClient {
    /// Pages of a post list, newest first, until `limit` posts (capped at the
    /// endpoint's total, 3,200 for a user's posts), the last page, or the
    /// consumer stops: a page is requested only when the consumer asks for it.
    public func pages(
        _ timeline: TweetTimeline, userID: String, sinceID: String? = nil, limit: Int, pageSize: Int = 100
    ) -> AsyncThrowingStream<XTweetPage, any Error> {
        let pager = pager(timeline, userID: userID, sinceID: sinceID, limit: limit, pageSize: pageSize)
        return AsyncThrowingStream(unfolding: { try await pager.next() })
    }

    /// A walk to drive by hand (`next()` until nil); `pages` wraps one.
    public func pager(
        _ timeline: TweetTimeline, userID: String, sinceID: String? = nil, limit: Int, pageSize: Int = 100
    ) -> XTweetPager {
        XTweetPager(
            client: self, timeline: timeline, userID: userID, sinceID: sinceID,
            limit: min(limit, timeline.totalCap ?? Int.max), pageSize: pageSize)
    }
}
