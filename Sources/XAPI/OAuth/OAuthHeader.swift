import Foundation

/// Formats and parses the `Authorization: OAuth k="v", ...` header (RFC 5849 section 3.5.1).
public enum OAuthHeader {
    /// `OAuth k1="v1", k2="v2"` with names and values percent-encoded.
    public static func format(_ parameters: [(name: String, value: String)]) -> String {
        "OAuth "
            + parameters.map {
                "\(OAuthPercentEncoding.encode($0.name))=\"\(OAuthPercentEncoding.encode($0.value))\""
            }.joined(separator: ", ")
    }

    /// The decoded parameters of an OAuth header, or nil when it is not one.
    /// `realm` is dropped (it is not signed).
    public static func parse(_ header: String) -> [String: String]? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("oauth ") else { return nil }
        var result: [String: String] = [:]
        for item in trimmed.dropFirst(6).split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let name = OAuthPercentEncoding.decode(parts[0].trimmingCharacters(in: .whitespaces), plusIsSpace: false)
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return nil }
            value = String(value.dropFirst().dropLast())
            if name != "realm" { result[name] = OAuthPercentEncoding.decode(value, plusIsSpace: false) }
        }
        return result
    }
}
