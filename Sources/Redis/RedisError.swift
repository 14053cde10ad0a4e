/// A Redis failure: what went wrong, in words that never contain a password.
///
/// Messages come from hiredis (`errstr`), from the server's error replies or
/// from this wrapper; none of them is built from the connection URL's
/// credentials, and server messages are redacted once more before they are kept.
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The URL could not be understood.
        case invalidURL = "invalid Redis URL"
        /// The build cannot do what the URL asks (e.g. TLS with `rediss://`).
        case unsupported = "unsupported"
        /// The TCP connection could not be made.
        case connection = "connection failed"
        /// AUTH or SELECT was refused.
        case authentication = "authentication failed"
        /// Reading or writing failed (server gone, timeout, reset); the next call reconnects.
        case io = "I/O error"
        /// The server sent bytes that are not RESP.
        case protocolError = "protocol error"
        /// The server answered with an error reply.
        case server = "server error"
        /// A reply did not have the expected shape.
        case unexpectedReply = "unexpected reply"
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "Redis \(kind.rawValue): \(message)" }
}
