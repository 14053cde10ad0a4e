/// XRPC's error body: `{"error": "ExpiredToken", "message": "Token has expired"}`.
public struct BlueskyErrorBody: Sendable, Codable, Equatable {
    /// Both fields are optional (atproto's own client reads them so): a body with
    /// only `message` keeps its message.
    public var error: String?
    public var message: String?

    public init(error: String?, message: String? = nil) {
        self.error = error
        self.message = message
    }
}
