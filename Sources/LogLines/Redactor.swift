import Foundation

/// Removes secrets from text before it reaches a log line or an error message:
/// passwords in URLs, OAuth header values, bearer tokens, JSON Web Tokens (the
/// session tokens Bluesky issues while the bot runs), and any value it was told
/// is secret (the credentials from the configuration).
public struct Redactor: Sendable {
    private let secrets: [String]

    public init(secrets: [String] = []) {
        // Longest first so a secret containing another is masked whole; ignore
        // tiny values that would mask ordinary words.
        self.secrets = Array(Set(secrets.filter { $0.count >= 4 })).sorted { $0.count > $1.count }
    }

    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        result = Self.redactURLPasswords(result)
        result = Self.redactOAuthValues(result)
        result = Self.redactJWTs(result)
        return result
    }

    /// What a line becomes when a pattern could not be compiled: nothing gets through unredacted.
    static let unavailable = "*** (redactor unavailable: line withheld)"

    /// The patterns, compiled once. A pattern that fails to compile is nil, and every line is withheld.
    private static let urlPassword = try? NSRegularExpression(pattern: #"([A-Za-z][A-Za-z0-9+.-]*://[^\s:/@"]*):([^\s@/"]+)@"#)
    private static let oauthValue = try? NSRegularExpression(
        pattern: #"(oauth_(?:token|signature|consumer_key|nonce)=)(?:\\?")?[^"\\,&\s]+(?:\\?")?"#)
    private static let bearer = try? NSRegularExpression(pattern: #"(Bearer )[A-Za-z0-9._~+/=-]+"#)
    private static let jwt = try? NSRegularExpression(pattern: #"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*"#)

    /// True when every pattern compiled (a test keeps it so).
    static var patternsCompiled: Bool { urlPassword != nil && oauthValue != nil && bearer != nil && jwt != nil }

    /// `scheme://user:password@host` -> `scheme://user:***@host`.
    static func redactURLPasswords(_ text: String) -> String {
        guard text.contains("://") else { return text }
        guard let regex = urlPassword else { return unavailable }
        return regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1:***@")
    }

    /// `oauth_token="…"`, `oauth_signature=…`, `Bearer …` -> masked.
    static func redactOAuthValues(_ text: String) -> String {
        guard text.contains("oauth_") || text.contains("Bearer ") else { return text }
        guard let oauthValue, let bearer else { return unavailable }
        var result = oauthValue.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1***")
        result = bearer.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result), withTemplate: "$1***")
        return result
    }

    /// `eyJhbGciOi….eyJzdWIiOi….sig` (a JWT: base64url JSON header, payload, signature) -> `***`.
    static func redactJWTs(_ text: String) -> String {
        guard text.contains("eyJ") else { return text }
        guard let jwt else { return unavailable }
        return jwt.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "***")
    }
}
