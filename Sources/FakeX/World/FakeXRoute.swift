/// The endpoints the fake server knows, matched from method and path.
enum FakeXRoute: Sendable, Equatable {
    case me
    case timeline(FakeXTimeline, userID: String)
    case createTweet
    case like(userID: String)
    /// `GET /2/tweets?ids=` and `DELETE /2/tweets/:id` (`FakeXWorld+Lookups.swift`).
    case lookup
    case deleteTweet(id: String)
    /// `GET /2/users?ids=`: users by id (`FakeXWorld+Lookups.swift`).
    case users
    /// `POST /2/media/upload` and `POST /2/media/metadata` (`FakeXWorld+Media.swift`).
    case mediaUpload
    case mediaMetadata

    /// The endpoint template (`GET /2/users/:id/tweets`): names limits, faults and records.
    var endpoint: String {
        switch self {
        case .me: "GET /2/users/me"
        case .timeline(let timeline, _): "GET " + timeline.pathTemplate
        case .createTweet: "POST /2/tweets"
        case .like: "POST /2/users/:id/likes"
        case .lookup: "GET /2/tweets"
        case .deleteTweet: "DELETE /2/tweets/:id"
        case .users: "GET /2/users"
        case .mediaUpload: "POST /2/media/upload"
        case .mediaMetadata: "POST /2/media/metadata"
        }
    }

    init?(method: String, path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch (method, parts.count) {
        case ("GET", 3) where parts == ["2", "users", "me"]:
            self = .me
        case ("POST", 3) where parts == ["2", "media", "upload"]:
            self = .mediaUpload
        case ("POST", 3) where parts == ["2", "media", "metadata"]:
            self = .mediaMetadata
        case ("POST", 2) where parts == ["2", "tweets"]:
            self = .createTweet
        case ("GET", 2) where parts == ["2", "tweets"]:
            self = .lookup
        case ("GET", 2) where parts == ["2", "users"]:
            self = .users
        case ("DELETE", 3) where parts[0] == "2" && parts[1] == "tweets":
            self = .deleteTweet(id: parts[2])
        case ("POST", 4) where parts[0] == "2" && parts[1] == "users" && parts[3] == "likes":
            self = .like(userID: parts[2])
        case ("GET", 4) where parts[0] == "2" && parts[1] == "users":
            guard let timeline = FakeXTimeline(suffix: parts[3]) else { return nil }
            self = .timeline(timeline, userID: parts[2])
        case ("GET", 5) where parts[0] == "2" && parts[1] == "users" && parts[3] == "timelines"
            && parts[4] == "reverse_chronological":
            self = .timeline(.home, userID: parts[2])
        default:
            return nil
        }
    }
}

/// The four post lists.
enum FakeXTimeline: Sendable, Equatable {
    case userTweets, liked, home, mentions

    init?(suffix: String) {
        switch suffix {
        case "tweets": self = .userTweets
        case "liked_tweets": self = .liked
        case "mentions": self = .mentions
        default: return nil
        }
    }

    var pathTemplate: String {
        switch self {
        case .userTweets: "/2/users/:id/tweets"
        case .liked: "/2/users/:id/liked_tweets"
        case .home: "/2/users/:id/timelines/reverse_chronological"
        case .mentions: "/2/users/:id/mentions"
        }
    }

    var maxResults: ClosedRange<Int> { self == .home ? 1...100 : 5...100 }
}
