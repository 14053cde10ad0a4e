/// The classifier's own failures (Redis and MeCab failures pass through as theirs).
public enum ClassifierError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Redis answered with something that is not a count: the keys were written by something else.
    case unexpectedReply(String)

    public var description: String {
        switch self {
        case .unexpectedReply(let detail): "classifier: unexpected data in Redis: \(detail)"
        }
    }
}
