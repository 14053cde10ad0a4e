/// A PostgreSQL failure with the server's own words, and never a password.
///
/// `description` names the kind of failure, the SQLSTATE and the server's
/// message; connection strings are redacted before they are kept.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case connection = "connection failed"
        case query = "query failed"
        case decoding = "unexpected column value"
    }

    public var kind: Kind
    /// The five-character SQLSTATE, e.g. "23505" for a unique violation.
    public var sqlState: String?
    /// The server's (or libpq's) message, first line.
    public var message: String
    /// The SQL text (no bound values).
    public var query: String?

    public init(kind: Kind, sqlState: String? = nil, message: String, query: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.query = query
    }

    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// Connection-class SQLSTATEs (08xxx), admin shutdown (57P01..57P03) or a lost connection.
    public var isConnectionFailure: Bool {
        kind == .connection || (sqlState?.hasPrefix("08") ?? false) || (sqlState?.hasPrefix("57P") ?? false)
    }

    public var description: String {
        var text = "PostgreSQL \(kind.rawValue)"
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        text += ": \(message)"
        return text
    }
}
