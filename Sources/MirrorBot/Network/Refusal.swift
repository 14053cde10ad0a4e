/// How the network refused one post or reply; nothing was posted.
public enum Refusal: Sendable, Equatable {
    /// The account already posted this exact text.
    case duplicate
    /// A clear refusal of this one post (a 4xx), e.g. a deleted mention.
    case rejected(detail: String)
    /// A reply the network does not allow (the author did not summon the bot).
    case notPermitted(detail: String)

    public var detail: String? {
        switch self {
        case .duplicate: nil
        case .rejected(let detail), .notPermitted(let detail): detail
        }
    }
}
