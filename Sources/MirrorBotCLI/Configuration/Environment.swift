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

    /// A PostgreSQL identifier of ours: a letter or `_`, then letters, digits or `_`, at most 63 bytes.
    func identifier(_ name: String) throws -> String? {
        guard let value = self[name] else { return nil }
        let valid = value.utf8.count <= 63 && value.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && value.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard valid else {
            throw ConfigurationError.invalid(
                variable: name, reason: "expected a name of ASCII letters, digits and _ (not starting with a digit, at most 63), got \"\(value)\"")
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

    /// A TCP port, 0 to 65535.
    func port(_ name: String) throws -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text), (0...65535).contains(value) else {
            throw ConfigurationError.invalid(variable: name, reason: "expected a port number from 0 to 65535, got \"\(text)\"")
        }
        return value
    }

    /// An IPv4 or IPv6 address to listen on (`localhost` is 127.0.0.1).
    func ipAddress(_ name: String, default fallback: String) throws -> String {
        guard let text = self[name] else { return fallback }
        if text.lowercased() == "localhost" { return "127.0.0.1" }
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET, text, &ipv4) == 1 || inet_pton(AF_INET6, text, &ipv6) == 1 else {
            throw ConfigurationError.invalid(
                variable: name, reason: "expected an IP address such as 127.0.0.1, 0.0.0.0 or ::, got \"\(text)\"")
        }
        return text
    }

    /// `auto` (also when unset), or a number of at least 0.
    func threshold(_ name: String) throws -> FavoriteThreshold {
        guard let text = self[name] else { return .auto }
        guard let threshold = FavoriteThreshold(text) else {
            throw ConfigurationError.invalid(variable: name, reason: "expected auto or a number of at least 0, got \"\(text)\"")
        }
        return threshold
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

    /// One of `Choice`'s values by name (any case), else `fallback`; another word is refused, naming the ones allowed.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default fallback: Choice) throws -> Choice
    where Choice.RawValue == String {
        guard let text = self[name] else { return fallback }
        guard let value = Choice(rawValue: text.lowercased()) else {
            let allowed = Choice.allCases.map(\.rawValue)
            let list = allowed.dropLast().joined(separator: ", ") + " or " + (allowed.last ?? "")
            throw ConfigurationError.invalid(variable: name, reason: "expected \(list), got \"\(text)\"")
        }
        return value
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
