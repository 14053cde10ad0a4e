/// A write the server accepted, recorded for tests to inspect.
public enum FakeMastodonWrite: Sendable, Equatable, CustomStringConvertible {
    case post(id: String, accountID: String, text: String, visibility: String)
    case reply(id: String, accountID: String, text: String, inReplyToID: String)
    case favourite(accountID: String, statusID: String)
    /// `DELETE /api/v1/statuses/:id` by its author.
    case delete(id: String, accountID: String)

    public var description: String {
        switch self {
        case .post(let id, let accountID, let text, let visibility):
            "post id=\(id) account=\(accountID) visibility=\(visibility) text=\(text.debugDescription)"
        case .reply(let id, let accountID, let text, let target):
            "reply id=\(id) account=\(accountID) in_reply_to=\(target) text=\(text.debugDescription)"
        case .favourite(let accountID, let statusID):
            "favourite account=\(accountID) status=\(statusID)"
        case .delete(let id, let accountID):
            "delete id=\(id) account=\(accountID)"
        }
    }
}
