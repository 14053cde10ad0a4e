/// A write the server accepted, recorded for tests to inspect.
public enum FakeMastodonWrite: Sendable, Equatable, CustomStringConvertible {
    case post(id: String, accountID: String, text: String, visibility: String)
    case reply(id: String, accountID: String, text: String, inReplyToID: String)
    case favourite(accountID: String, statusID: String)

    public var description: String {
        switch self {
        case .post(let id, let accountID, let text, let visibility):
            "post id=\(id) account=\(accountID) visibility=\(visibility) text=\(text.debugDescription)"
        case .reply(let id, let accountID, let text, let target):
            "reply id=\(id) account=\(accountID) in_reply_to=\(target) text=\(text.debugDescription)"
        case .favourite(let accountID, let statusID):
            "favourite account=\(accountID) status=\(statusID)"
        }
    }
}

/// One request the server answered (or dropped), for tests to count.
public struct FakeMastodonRequestRecord: Sendable, Equatable {
    public var method: String
    public var path: String
    /// The raw query string.
    public var query: String
    /// The endpoint template, e.g. `GET /api/v1/accounts/:id/statuses` (the path when unknown).
    public var endpoint: String
    /// The status sent; 0 for a dropped connection.
    public var status: Int
    /// The authenticated account, when the token was valid.
    public var accountID: String?
    /// The `Idempotency-Key` header, if sent.
    public var idempotencyKey: String?
}
