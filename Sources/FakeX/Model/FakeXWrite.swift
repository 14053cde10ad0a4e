/// A write the server accepted, recorded for tests to inspect.
public enum FakeXWrite: Sendable, Equatable, CustomStringConvertible {
    case post(id: String, authorID: String, text: String)
    case reply(id: String, authorID: String, text: String, inReplyToTweetID: String)
    case like(userID: String, tweetID: String)
    /// `DELETE /2/tweets/:id` by its author.
    case delete(id: String, authorID: String)

    /// One line for the log.
    public var description: String {
        switch self {
        case .post(let id, let authorID, let text):
            "post id=\(id) author=\(authorID) text=\(text.debugDescription)"
        case .reply(let id, let authorID, let text, let target):
            "reply id=\(id) author=\(authorID) in_reply_to=\(target) text=\(text.debugDescription)"
        case .like(let userID, let tweetID):
            "like user=\(userID) tweet=\(tweetID)"
        case .delete(let id, let authorID):
            "delete id=\(id) author=\(authorID)"
        }
    }
}
