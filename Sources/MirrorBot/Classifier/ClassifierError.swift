/// The classifier's own failures (Redis and MeCab failures pass through as theirs).
public enum ClassifierError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Redis answered with something that is not a count: the keys were written by something else.
    case unexpectedReply(String)
    /// Redis lost the counts (emptied, restarted without its data): nothing can be classified
    /// until they are rebuilt from PostgreSQL (`examples` kept there).
    case countsMissing(examples: Int?)

    public var description: String {
        switch self {
        case .unexpectedReply(let detail): "classifier: unexpected data in Redis: \(detail)"
        case .countsMissing(let examples):
            "classifier: the counts are missing from Redis" + (examples.map { " (\($0) examples kept in PostgreSQL to rebuild them from)" } ?? "")
        }
    }
}
