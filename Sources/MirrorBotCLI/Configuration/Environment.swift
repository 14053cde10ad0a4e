import Foundation
import MirrorBot
import XAPI

/// Typed reads of environment variables; errors name the variable and never echo a secret.
struct Environment {
    let values: [String: String]

    /// A set, non-blank value.
    subscript(name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    func url(_ name: String, default fallback: String, schemes: Set<String>) throws -> String {
        guard let value = self[name] else { return fallback }
        guard let scheme = URLComponents(string: value)?.scheme?.lowercased() else {
            throw ConfigurationError.invalid(variable: name, reason: "not a URL")
        }
        guard schemes.contains(scheme) else {
            let expected = schemes.sorted().map { "\($0)://" }.joined(separator: " or ")
            throw ConfigurationError.invalid(variable: name, reason: "expected a \(expected) URL, got \(scheme)://")
        }
        return value
    }

    func integer(_ name: String, default fallback: Int, minimum: Int, maximum: Int = .max) throws -> Int {
        guard let text = self[name] else { return fallback }
        guard let value = Int(text) else {
            throw ConfigurationError.invalid(variable: name, reason: "expected a whole number, got \"\(text)\"")
        }
        guard value >= minimum else {
            throw ConfigurationError.invalid(variable: name, reason: "must be at least \(minimum), got \(value)")
        }
        guard value <= maximum else {
            throw ConfigurationError.invalid(variable: name, reason: "must be at most \(maximum), got \(value)")
        }
        return value
    }

    func double(_ name: String, default fallback: Double, minimum: Double) throws -> Double {
        guard let text = self[name] else { return fallback }
        guard let value = Double(text), value.isFinite else {
            throw ConfigurationError.invalid(variable: name, reason: "expected a number, got \"\(text)\"")
        }
        guard value >= minimum else {
            throw ConfigurationError.invalid(variable: name, reason: "must be at least \(minimum), got \(text)")
        }
        return value
    }

    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        guard let text = self[name]?.lowercased() else { return fallback }
        switch text {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default:
            throw ConfigurationError.invalid(variable: name, reason: "expected true or false, got \"\(text)\"")
        }
    }

    /// TIME_ZONE, else TZ, else UTC.
    func timeZone() throws -> TimeZone {
        for name in ["TIME_ZONE", "TZ"] {
            guard let identifier = self[name] else { continue }
            let trimmed = identifier.hasPrefix(":") ? String(identifier.dropFirst()) : identifier
            guard let zone = TimeZone(identifier: trimmed) else {
                throw ConfigurationError.invalid(variable: name, reason: "unknown IANA time zone \"\(identifier)\"")
            }
            return zone
        }
        guard let utc = TimeZone(identifier: "UTC") else {
            throw ConfigurationError.invalid(variable: "TIME_ZONE", reason: "the UTC zone is unavailable")
        }
        return utc
    }

    /// All four variables or none; a partial set names the first missing one.
    func credentials(prefix: String) throws -> OAuthCredentials? {
        let names = ["CONSUMER_KEY", "CONSUMER_SECRET", "ACCESS_TOKEN", "ACCESS_TOKEN_SECRET"].map { "\(prefix)_\($0)" }
        let found = names.map { self[$0] }
        if found.allSatisfy({ $0 == nil }) { return nil }
        if let missing = zip(names, found).first(where: { $0.1 == nil }) {
            throw ConfigurationError.missing(variable: missing.0)
        }
        return OAuthCredentials(
            consumerKey: found[0] ?? "", consumerSecret: found[1] ?? "",
            accessToken: found[2] ?? "", accessTokenSecret: found[3] ?? ""
        )
    }
}
