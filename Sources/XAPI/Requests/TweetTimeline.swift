import Foundation

/// The four post-list endpoints and their paging rules.
public enum TweetTimeline: String, Sendable, CaseIterable {
    /// `GET /2/users/:id/tweets`: the user's posts, replies included.
    case userTweets
    /// `GET /2/users/:id/liked_tweets`: posts the user liked (no `since_id`).
    case likedTweets
    /// `GET /2/users/:id/timelines/reverse_chronological`: the home timeline.
    case homeTimeline
    /// `GET /2/users/:id/mentions`.
    case mentions

    public var pathTemplate: String {
        switch self {
        case .userTweets: "/2/users/:id/tweets"
        case .likedTweets: "/2/users/:id/liked_tweets"
        case .homeTimeline: "/2/users/:id/timelines/reverse_chronological"
        case .mentions: "/2/users/:id/mentions"
        }
    }

    /// `max_results` bounds.
    public var maxResultsRange: ClosedRange<Int> {
        self == .homeTimeline ? 1...100 : 5...100
    }

    /// Whether `since_id` is accepted.
    public var supportsSinceID: Bool { self != .likedTweets }

    /// How many posts X serves at most (3,200 for a user's posts).
    public var totalCap: Int? { self == .userTweets ? 3200 : nil }

    /// `pathTemplate` with the user id filled in.
    public func path(userID: String) -> String {
        pathTemplate.replacingOccurrences(of: ":id", with: OAuthPercentEncoding.encode(userID))
    }
}
