/// `GET /api/v1/apps/verify_credentials`: the app the token was given to. Since Mastodon 4.3
/// the answer names the app's `scopes` (`REST::ApplicationSerializer`): the scopes it registered,
/// and so the most any of its sign-ins could grant; before 4.3 it does not say them.
public struct VerifyAppCredentials: MastodonRequest {
    public typealias Response = MastodonApplication

    public init() {}

    public var method: String { "GET" }
    public var path: String { "/api/v1/apps/verify_credentials" }
    public var pathTemplate: String { path }
}

/// An app as Mastodon answers it, the fields mirror-bot reads.
public struct MastodonApplication: Sendable, Codable, Equatable {
    public var name: String
    /// The app's scopes (`read`, `write:media`, …); nil from a server older than 4.3.
    public var scopes: [String]?

    public init(name: String, scopes: [String]?) {
        self.name = name
        self.scopes = scopes
    }

    /// Whether the scopes reach `scope` (`write:media`): itself, or its top-level one (`write`);
    /// nil when the server did not say.
    public func allows(_ scope: String) -> Bool? {
        guard let scopes else { return nil }
        let family = String(scope.prefix { $0 != ":" })
        return scopes.contains(scope) || scopes.contains(family)
    }
}
