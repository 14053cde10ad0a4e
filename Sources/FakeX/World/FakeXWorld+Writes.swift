import FakeHTTP
import Foundation
import XAPI

extension FakeXWorld {
    struct Created: Codable, Sendable {
        var id: String
        var text: String
        var editHistoryTweetIDs: [String]?
        var editHistoryPostIDs: [String]?
        enum CodingKeys: String, CodingKey {
            case id, text
            case editHistoryTweetIDs = "edit_history_tweet_ids"
            case editHistoryPostIDs = "edit_history_post_ids"
        }
    }

    /// `POST /2/tweets`: refuses duplicates (always, like X), checks the reply
    /// target and, when configured, that the replier was mentioned.
    mutating func createTweet(_ request: HTTPRequest, author: FakeXUser, now: Date) -> HTTPResponse {
        guard let body = try? JSONDecoder().decode(CreateTweet.Body.self, from: request.body) else {
            return invalid("The request body is not a valid post")
        }
        var mediaKeys: [String] = []
        if let ids = body.media?.mediaIDs {
            switch attachable(ids, user: author) {
            case .success(let keys): mediaKeys = keys
            case .failure(let refusal): return refusal.response
            }
        }
        // `CreatePostsRequest.text`: "Required unless media is provided".
        guard !body.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !mediaKeys.isEmpty else {
            return invalid("The `text` field must not be empty")
        }
        if !body.text.isEmpty, tweets.values.contains(where: { $0.authorID == author.id && !$0.isRetweet && $0.text == body.text }) {
            return .problem(
                403, title: "Forbidden", detail: "You are not allowed to create a Tweet with duplicate content.")
        }
        var target: FakeXTweet?
        if let reply = body.reply {
            guard let found = tweets[reply.inReplyToTweetID] else {
                return invalid("The post you are replying to [\(reply.inReplyToTweetID)] does not exist")
            }
            if settings.repliesRequireMention, found.authorID != author.id,
                !found.mentions(username: author.username), found.inReplyToUserID != author.id
            {
                return .problem(
                    403, title: "Forbidden",
                    detail: "Reply to this conversation is not allowed because you have not been mentioned or "
                        + "otherwise engaged by the author of the post you are replying to.")
            }
            target = found
        }
        let tweet = insertTweet(
            id: nil, authorID: author.id, text: body.text, createdAt: now, inReplyToTweetID: target?.id,
            inReplyToUserID: target?.authorID, retweetOfID: nil)
        tweets[tweet.id]?.mediaKeys = mediaKeys
        if let target {
            writes.append(.reply(id: tweet.id, authorID: author.id, text: tweet.text, inReplyToTweetID: target.id))
        } else {
            writes.append(.post(id: tweet.id, authorID: author.id, text: tweet.text))
        }
        return .json(201, XResponse(data: settings.dialect == .postFields
            ? Created(id: tweet.id, text: tweet.text, editHistoryPostIDs: [tweet.id])
            : Created(id: tweet.id, text: tweet.text, editHistoryTweetIDs: [tweet.id])))
    }

    /// `POST /2/users/:id/likes`: refused when likes are forbidden (403, as X's
    /// self-serve tiers since April 2026) or when liking for someone else.
    mutating func like(_ request: HTTPRequest, pathUserID: String, user: FakeXUser) -> HTTPResponse {
        if settings.likesForbidden {
            return .problem(
                403, title: "Client Forbidden",
                detail: "You are not permitted to perform this action: likes are not available at this access level.",
                type: "https://api.twitter.com/2/problems/client-forbidden")
        }
        guard pathUserID == user.id else {
            return .problem(403, title: "Forbidden", detail: "You are not permitted to like on behalf of another user.")
        }
        guard let body = try? JSONDecoder().decode(LikeTweet.Body.self, from: request.body) else {
            return invalid("The request body must be {\"tweet_id\": ...}")
        }
        guard tweets[body.tweetID] != nil else { return invalid("The post [\(body.tweetID)] does not exist") }
        if !(likes[user.id] ?? []).contains(body.tweetID) { likes[user.id, default: []].append(body.tweetID) }
        writes.append(.like(userID: user.id, tweetID: body.tweetID))
        return .json(200, XResponse(data: LikeTweet.Liked(liked: true)))
    }
}
