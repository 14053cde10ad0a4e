import Foundation

/// Where and how to connect, parsed from `redis://[user][:password@]host[:port][/db]`,
/// or `rediss://…` for TLS.
///
/// The password is percent-decoded. `description` never shows it.
public struct RedisConfiguration: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// The ACL user (Redis 6+), if the URL names one.
    public var user: String?
    public var password: String?
    public var database: Int
    /// TLS options, nil for plain TCP.
    public var tls: RedisTLS?

    public init(
        host: String = "localhost", port: Int = 6379, user: String? = nil, password: String? = nil, database: Int = 0,
        tls: RedisTLS? = nil
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Parses a Redis URL; errors never echo the URL (it may hold a password).
    ///
    /// `rediss://` turns TLS on, with `verifyPeer` and `caFile` (see `RedisTLS`);
    /// both are ignored for `redis://`.
    public init(url: String, verifyPeer: Bool = true, caFile: String? = nil) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw RedisError(kind: .invalidURL, message: "expected redis://[user][:password@]host[:port][/db] or rediss://…")
        }
        switch scheme {
        case "redis":
            tls = nil
        case "rediss":
            tls = RedisTLS(verifyPeer: verifyPeer, caFile: caFile)
        default:
            throw RedisError(kind: .invalidURL, message: "unknown scheme \"\(scheme)\"; expected redis:// or rediss://")
        }
        var host = components.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host.isEmpty ? "localhost" : host
        self.port = components.port ?? 6379
        guard (1...65535).contains(port) else {
            throw RedisError(kind: .invalidURL, message: "port out of range")
        }
        let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        self.user = (user?.isEmpty ?? true) ? nil : user
        let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        self.password = (password?.isEmpty ?? true) ? nil : password
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if path.isEmpty {
            database = 0
        } else if let number = Int(path), number >= 0 {
            database = number
        } else {
            throw RedisError(kind: .invalidURL, message: "the path must be a database number, e.g. /0")
        }
    }

    public var description: String {
        let credentials = password == nil ? (user.map { "\($0)@" } ?? "") : "\(user ?? ""):***@"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(tls == nil ? "redis" : "rediss")://\(credentials)\(shownHost):\(port)/\(database)"
    }
}
