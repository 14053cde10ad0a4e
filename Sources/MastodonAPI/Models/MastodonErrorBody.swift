/// Mastodon's error body: `{"error": "...", "error_description": "..."}`.
public struct MastodonErrorBody: Sendable, Codable, Equatable {
    public var error: String
    public var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }

    public init(error: String, errorDescription: String? = nil) {
        self.error = error
        self.errorDescription = errorDescription
    }
}
