import Foundation

/// What a session token's payload says about its life: `exp` and, when stated,
/// `iat` (Unix seconds). Decoded only, never verified (the server checks the
/// signature): the client reads them to renew a token before it is refused.
public struct BlueskyTokenClaims: Sendable, Equatable {
    public var expiresAt: Date
    public var issuedAt: Date?

    public init(expiresAt: Date, issuedAt: Date? = nil) {
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
    }

    /// The claims of a JWT (`header.payload.signature`, base64url), or nil when
    /// `token` is not one, or its payload has no plausible `exp`.
    public init?(jwt token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count <= 8_192, let data = Self.base64URLDecoded(parts[1]),
            let payload = try? JSONDecoder().decode(Payload.self, from: data),
            let exp = payload.exp.flatMap(Self.date)
        else { return nil }
        self.init(expiresAt: exp, issuedAt: payload.iat.flatMap(Self.date))
    }

    private struct Payload: Decodable {
        var exp: Double?
        var iat: Double?
    }

    /// Seconds since 1970 that a token can mean (up to the year 5138), as for rate-limit resets.
    private static func date(_ seconds: Double) -> Date? {
        seconds.isFinite && (0...100_000_000_000).contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
    }

    private static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
