import Foundation

/// Removes secrets from text before it reaches a log line or an error message:
/// passwords in URLs, OAuth header values, bearer tokens, and any value it
/// was told is secret (the credentials from the configuration).
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
        return result
    }

    /// `scheme://user:password@host` -> `scheme://user:***@host`.
    static func redactURLPasswords(_ text: String) -> String {
        guard text.contains("://") else { return text }
        let pattern = #"([A-Za-z][A-Za-z0-9+.-]*://[^\s:/@"]*):([^\s@/"]+)@"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return regex.stringByReplacingMatches(in: text, range: range, withTemplate: "$1:***@")
    }

    /// `oauth_token="…"`, `oauth_signature=…`, `Bearer …` -> masked.
    static func redactOAuthValues(_ text: String) -> String {
        guard text.contains("oauth_") || text.contains("Bearer ") else { return text }
        var result = text
        let patterns = [
            (#"(oauth_(?:token|signature|consumer_key|nonce)=)(?:\\?")?[^"\\,&\s]+(?:\\?")?"#, "$1***"),
            (#"(Bearer )[A-Za-z0-9._~+/=-]+"#, "$1***"),
        ]
        for (pattern, template) in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(result.startIndex..., in: result)
            result = regex.stringByReplacingMatches(in: result, range: range, withTemplate: template)
        }
        return result
    }
}
