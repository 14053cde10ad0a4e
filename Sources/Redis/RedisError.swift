/// A Redis failure: what went wrong, in words that never contain a password.
///
/// Messages come from hiredis's reader (`errstr`), from OpenSSL, from the
/// server's error replies or from this wrapper; none of them is built from the
/// connection URL's credentials, and server messages are redacted once more
/// before they are kept.
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The URL could not be understood.
        case invalidURL = "invalid Redis URL"
        /// The build cannot do what the configuration asks.
        case unsupported = "unsupported"
        /// The TCP connection (or the TLS handshake) could not be made in time, or the server hung up at once.
        case connection = "connection failed"
        /// The TLS handshake failed: no common protocol (a plain port?), or a CA file that cannot be loaded.
        case tls = "TLS failed"
        /// The server's certificate is not trusted, or not for the host connected to.
        case certificate = "certificate not verified"
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
