/// Where the human's past replies come from.
public protocol ReplySource: Sendable {
    /// Up to `limit` of the human's replies to `userID`, in random order.
    func replies(to userID: String, limit: Int) async throws -> [String]
}
