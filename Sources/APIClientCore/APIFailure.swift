import Foundation

/// The typed error of one network's client (`XAPIError`, `MastodonAPIError`):
/// what the shared attempt loop builds when it gives up. Enum cases of these
/// names and labels satisfy the requirements; nothing in them may carry a secret.
public protocol APIFailure: Error, Sendable {
    /// No clear answer after the last attempt: HTTP status (0 when no response came) and detail.
    static func failed(endpoint: String, status: Int, detail: String) -> Self
    /// The limit is spent until `resetAt`, farther away than the allowed wait.
    static func rateLimited(endpoint: String, resetAt: Date) -> Self
    /// A `Replay.refusedWhenRepeated` write that may well have taken effect.
    static func outcomeUnknown(endpoint: String, detail: String) -> Self
    /// The server's detail when this error refuses a write it has seen before
    /// (X's duplicate content), else nil.
    var repeatRefusalDetail: String? { get }
}

extension APIFailure {
    /// A network whose writes are all safe to replay never refuses a repeat.
    public var repeatRefusalDetail: String? { nil }
}
