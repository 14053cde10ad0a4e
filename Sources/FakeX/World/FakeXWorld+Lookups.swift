import FakeHTTP
import Foundation
import XAPI

extension FakeXWorld {
    /// `GET /2/tweets?ids=`: 1 to 100 comma-separated post ids (each `^[0-9]{1,19}$`, X's
    /// `TweetId`), else 400. The posts that exist come in `data`; each that does not
    /// (deleted, or never was) is an entry of `errors[]`, a `resource-not-found` problem
    /// naming it (`value`, `resource_id`), in a 200: X answers no 404 for a missing post here.
    func lookup(_ request: HTTPRequest, query: FakeXQuery) -> HTTPResponse {
        guard let text = request.queryValue("ids") else {
            return invalid("The query parameters [ids] are required", parameter: "ids")
        }
        let ids = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...GetTweetsByIDs.maximum).contains(ids.count) else {
            return invalid("The `ids` query parameter value [\(text)] does not contain 1 to 100 items", parameter: "ids", value: text)
        }
        if let bad = ids.first(where: { $0.isEmpty || $0.count > 19 || !$0.allSatisfy(\.isASCII) || !$0.allSatisfy(\.isNumber) }) {
            return invalid("The `ids` query parameter value [\(bad)] does not match ^[0-9]{1,19}$", parameter: "ids", value: bad)
        }
        let found = ids.compactMap { tweets[$0] }
        let missing = ids.filter { tweets[$0] == nil }
        let postFields = settings.dialect == .postFields
        let errors = missing.map { id in
            XProblem(
                title: "Not Found Error", detail: "Could not find tweet with ids: [\(id)].",
                type: (postFields ? "https://api.x.com" : "https://api.twitter.com") + "/2/problems/resource-not-found",
                parameter: "ids", value: id, resourceID: id, resourceType: "tweet")
        }
        return .json(200, XTweetPage(
            data: found.isEmpty ? nil : found.map { $0.api(query) }, includes: includes(for: found, query: query),
            errors: errors.isEmpty ? nil : errors))
    }

    /// `DELETE /2/tweets/:id`: the author deletes their post (`{"data": {"deleted": true}}`);
    /// another user's post is 403; a post that does not exist is a `resource-not-found` problem.
    mutating func deleteTweet(_ id: String, user: FakeXUser) -> HTTPResponse {
        guard let tweet = tweets[id] else {
            return .json(200, XResponse<DeletedPost>(data: nil, errors: [XProblem(
                title: "Not Found Error", detail: "Could not find tweet with id: [\(id)].",
                type: "https://api.twitter.com/2/problems/resource-not-found", parameter: "id", value: id, resourceID: id, resourceType: "tweet")]))
        }
        guard tweet.authorID == user.id else {
            return .problem(403, title: "Forbidden", detail: "You are not authorized to delete this Tweet.")
        }
        tweets[id] = nil
        writes.append(.delete(id: id, authorID: user.id))
        return .json(200, XResponse(data: DeletedPost(deleted: true)))
    }

    struct DeletedPost: Codable, Sendable {
        var deleted: Bool
    }
}
