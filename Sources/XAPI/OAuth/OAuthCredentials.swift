/// OAuth 1.0a user-context credentials: an app's consumer key pair and a
/// user's access token pair. Printing them never shows a secret.
public struct OAuthCredentials: Sendable, Hashable, Codable, CustomStringConvertible,
    CustomDebugStringConvertible
{
    public var consumerKey: String
    public var consumerSecret: String
    public var accessToken: String
    public var accessTokenSecret: String

    public init(consumerKey: String, consumerSecret: String, accessToken: String, accessTokenSecret: String) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.accessToken = accessToken
        self.accessTokenSecret = accessTokenSecret
    }

    /// Only the public token's user-id prefix (X tokens start with `<user id>-`) is shown.
    public var description: String {
        "OAuthCredentials(consumerKey: <redacted>, consumerSecret: <redacted>, "
            + "accessToken: \(Self.redacted(accessToken)), accessTokenSecret: <redacted>)"
    }

    public var debugDescription: String { description }

    private static func redacted(_ token: String) -> String {
        guard let dash = token.firstIndex(of: "-") else { return "<redacted>" }
        return String(token[..<dash]) + "-<redacted>"
    }
}
