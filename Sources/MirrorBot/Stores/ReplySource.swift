/// Where the human's past replies come from.
public protocol ReplySource: Sendable {
    /// Up to `limit` of the human's replies to `userID`, in random order.
    func replies(to userID: String, limit: Int) async throws -> [String]

    /// As `replies(to:limit:)`, falling back to replies stored with only a
    /// screen name for the person (a Mastodon export names people by actor URL,
    /// not by the API's account id).
    func replies(to userID: String, username: String?, limit: Int) async throws -> [String]
}

extension ReplySource {
    public func replies(to userID: String, username: String?, limit: Int) async throws -> [String] {
        try await replies(to: userID, limit: limit)
    }
}
