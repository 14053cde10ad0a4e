import FakeHTTP
import XAPI

/// What a read asked for, once its query passed the dialect's checks: the post fields
/// and expansions (which decide the fields each post carries, as on X).
struct FakeXQuery: Sendable, Equatable {
    var dialect: XFieldDialect
    var fields: Set<String> = []
    var expansions: Set<String> = []
    var mediaFields: Set<String> = []

    /// Whether a post carries `field`: asked for as a field (2.159) or as an expansion
    /// (2.167's `author_id`, `in_reply_to_user_id`, `referenced_posts`).
    func shows(_ field: String) -> Bool { fields.contains(field) || expansions.contains(field) }

    /// The query parameters each read accepts in `dialect` (X's documents 2.159 and 2.167
    /// declare the same names but for the field parameter).
    static func parameters(_ route: FakeXRoute, dialect: XFieldDialect) -> [String] {
        let objects = [dialect.fieldsParameter, "expansions", "media.fields", "poll.fields", "user.fields", "place.fields"]
        switch route {
        case .me: return ["user.fields", "expansions", dialect.fieldsParameter]
        case .timeline(.liked, _): return ["id", "max_results", "pagination_token"] + objects
        case .timeline(.mentions, _):
            return ["id", "since_id", "until_id", "max_results", "pagination_token", "start_time", "end_time"] + objects
        case .timeline:
            return ["id", "since_id", "until_id", "max_results", "pagination_token", "exclude", "start_time", "end_time"] + objects
        case .lookup: return ["ids"] + objects
        case .users: return ["ids", "user.fields", "expansions", dialect.fieldsParameter]
        case .createTweet, .like, .deleteTweet, .mediaUpload, .mediaMetadata: return []
        }
    }

    /// The post fields the fake serves, per dialect (each in its document's enum).
    static func postFields(_ dialect: XFieldDialect) -> [String] {
        switch dialect {
        case .tweetFields:
            [
                "attachments", "author_id", "conversation_id", "created_at", "edit_history_tweet_ids", "id", "in_reply_to_user_id",
                "referenced_tweets", "text",
            ]
        case .postFields: ["attachments", "conversation_id", "created_at", "id", "text"]
        }
    }

    /// The expansions the fake serves, per dialect (each in its document's enum).
    static func expansionValues(_ dialect: XFieldDialect) -> [String] {
        switch dialect {
        case .tweetFields: ["attachments.media_keys", "author_id", "edit_history_tweet_ids", "in_reply_to_user_id", "referenced_tweets.id"]
        case .postFields: ["attachments.media_keys", "author_id", "edit_history_post_ids", "in_reply_to_user_id", "referenced_posts"]
        }
    }

    /// The media fields the fake serves (in both documents' `media.fields` enum).
    static let mediaFields = ["alt_text", "height", "media_key", "type", "url", "variants", "width"]

    /// The user fields the fake serves (in both documents' enum).
    static let userFields = ["description", "id", "name", "username"]

    /// The values the fake accepts for a list parameter of `route`, or nil for other parameters.
    /// `/2/users/me` expands no user objects here (its expansions are the user's pinned post and such).
    static func values(of parameter: String, route: FakeXRoute, dialect: XFieldDialect) -> [String]? {
        switch parameter {
        case dialect.fieldsParameter: postFields(dialect)
        case "expansions": route == .me || route == .users ? [] : expansionValues(dialect)
        case "user.fields": userFields
        case "media.fields": route == .me || route == .users ? [] : mediaFields
        default: nil
        }
    }
}

extension FakeXWorld {
    /// Checks a read's query as X does: every parameter declared for the endpoint, every
    /// value of a field list or `expansions` allowed. A refusal is X's 400 in the dialect's shape.
    func checkQuery(_ route: FakeXRoute, request: HTTPRequest) -> Result<FakeXQuery, HTTPResponseBox> {
        let dialect = settings.dialect
        let allowed = FakeXQuery.parameters(route, dialect: dialect)
        var query = FakeXQuery(dialect: dialect)
        for item in request.query {
            guard allowed.contains(item.name) else {
                return .failure(HTTPResponseBox(invalid(
                    "The query parameter [\(item.name)] is not one of [\(allowed.joined(separator: ","))]",
                    parameter: item.name, value: item.value)))
            }
            guard let list = FakeXQuery.values(of: item.name, route: route, dialect: dialect) else { continue }
            let values = item.value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let bad = values.first(where: { !list.contains($0) }) {
                return .failure(HTTPResponseBox(invalid(
                    "The `\(item.name)` query parameter value [\(bad)] is not one of [\(list.joined(separator: ","))]",
                    parameter: item.name, value: bad)))
            }
            if item.name == dialect.fieldsParameter { query.fields.formUnion(values) }
            if item.name == "expansions" { query.expansions.formUnion(values) }
            if item.name == "media.fields" { query.mediaFields.formUnion(values) }
        }
        return .success(query)
    }

    /// `400 Invalid Request` as the dialect's document words it: 2.159's `errors[]` with
    /// `parameters` and `message` under a generic detail; 2.167's problem with `parameter` and `value`.
    func invalid(_ message: String, parameter: String? = nil, value: String? = nil) -> HTTPResponse {
        switch settings.dialect {
        case .tweetFields:
            return .json(
                400,
                InvalidRequest(
                    errors: [XProblem(message: message, parameters: parameter.map { [$0: [value ?? ""]] })],
                    title: "Invalid Request", detail: "One or more parameters to your request was invalid.",
                    type: "https://api.twitter.com/2/problems/invalid-request"))
        case .postFields:
            return .json(
                400,
                XProblem(
                    title: "Invalid Request", detail: message, type: "https://api.x.com/2/problems/invalid-request",
                    status: 400, parameter: parameter, value: value))
        }
    }

    struct InvalidRequest: Encodable {
        var errors: [XProblem]
        var title: String
        var detail: String
        var type: String
    }
}

/// An `HTTPResponse` as a `Result` failure.
struct HTTPResponseBox: Error {
    var response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
