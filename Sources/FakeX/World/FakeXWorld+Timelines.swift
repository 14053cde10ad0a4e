import FakeHTTP
import Foundation
import XAPI

extension FakeXWorld {
    /// X serves at most this many of a user's posts, and of their mentions.
    static let userTweetsCap = 3200
    static let mentionsCap = 800

    /// A page of one of the four post lists, with X's paging rules:
    /// `max_results`, `since_id` (not on likes), `pagination_token`/`next_token`.
    func list(_ timeline: FakeXTimeline, userID: String, request: HTTPRequest, query: FakeXQuery) -> HTTPResponse {
        guard let user = users[userID] else { return invalid("The `id` query parameter value [\(userID)] is not valid", parameter: "id", value: userID) }
        var maxResults = 10
        if let text = request.queryValue("max_results") {
            guard let value = Int(text), timeline.maxResults.contains(value) else {
                return invalid("The `max_results` query parameter value [\(text)] is not between \(timeline.maxResults.lowerBound) and \(timeline.maxResults.upperBound)", parameter: "max_results", value: text)
            }
            maxResults = value
        }
        var posts = ordered(timeline, user: user)
        if let sinceText = request.queryValue("since_id") {
            guard let since = UInt64(sinceText) else { return invalid("The `since_id` query parameter value [\(sinceText)] is not valid", parameter: "since_id", value: sinceText) }
            posts = posts.filter { $0.number > since }
        }
        if let token = request.queryValue("pagination_token") {
            guard token.hasPrefix("next_"), let index = posts.firstIndex(where: { $0.id == token.dropFirst(5) }) else {
                return invalid("The `pagination_token` query parameter value [\(token)] is not valid", parameter: "pagination_token", value: token)
            }
            posts = Array(posts[(index + 1)...])
        }
        let page = Array(posts.prefix(maxResults))
        let nextToken = posts.count > page.count ? page.last.map { "next_" + $0.id } : nil
        let meta = XMeta(
            resultCount: page.count, newestID: timeline == .liked ? nil : page.first?.id,
            oldestID: timeline == .liked ? nil : page.last?.id, nextToken: nextToken)
        return .json(
            200, XTweetPage(data: page.isEmpty ? nil : page.map { $0.api(query) }, includes: includes(for: page, query: query), meta: meta))
    }

    /// The list's posts, newest (or most recently liked) first, within X's caps.
    func ordered(_ timeline: FakeXTimeline, user: FakeXUser) -> [FakeXTweet] {
        let newestFirst: (FakeXTweet, FakeXTweet) -> Bool = { $0.number > $1.number }
        switch timeline {
        case .userTweets:
            return Array(tweets.values.filter { $0.authorID == user.id }.sorted(by: newestFirst).prefix(Self.userTweetsCap))
        case .liked:
            return (likes[user.id] ?? []).reversed().compactMap { tweets[$0] }
        case .home:
            let authors = (follows[user.id] ?? []).union([user.id])
            return tweets.values.filter { authors.contains($0.authorID) }.sorted(by: newestFirst)
        case .mentions:
            let mentioning = tweets.values.filter {
                $0.authorID != user.id && !$0.isRetweet
                    && ($0.inReplyToUserID == user.id || $0.mentions(username: user.username))
            }
            return Array(mentioning.sorted(by: newestFirst).prefix(Self.mentionsCap))
        }
    }

    /// `includes`: the authors and replied-to users of a page when expanded, and (2.167's
    /// `referenced_posts` expansion) the posts they reference, in `posts`.
    func includes(for page: [FakeXTweet], query: FakeXQuery) -> XTweetPage.Includes? {
        var ids: [String] = []
        for tweet in page {
            var named: [String?] = []
            if query.expansions.contains("author_id") { named.append(tweet.authorID) }
            if query.expansions.contains("in_reply_to_user_id") { named.append(tweet.inReplyToUserID) }
            for id in named.compactMap({ $0 }) where !ids.contains(id) { ids.append(id) }
        }
        let included = ids.compactMap { users[$0] }.map { XUser(id: $0.id, username: $0.username, name: $0.name) }
        var referenced: [XTweet] = []
        if query.expansions.contains("referenced_posts") || query.expansions.contains("referenced_tweets.id") {
            let targets = page.flatMap { [$0.retweetOfID, $0.inReplyToTweetID].compactMap { $0 } }
            referenced = targets.compactMap { tweets[$0] }.map { $0.api(query) }
        }
        let media = includedMedia(for: page, query: query)
        guard !included.isEmpty || !referenced.isEmpty || !media.isEmpty else { return nil }
        let posts = referenced.isEmpty ? nil : referenced
        let people = included.isEmpty ? nil : included
        let expanded = media.isEmpty ? nil : media
        return query.dialect == .postFields
            ? XTweetPage.Includes(users: people, posts: posts, media: expanded)
            : XTweetPage.Includes(users: people, tweets: posts, media: expanded)
    }
}
