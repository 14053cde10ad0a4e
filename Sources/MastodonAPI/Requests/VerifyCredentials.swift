/// `GET /api/v1/accounts/verify_credentials`: the authenticated account.
public struct VerifyCredentials: MastodonRequest {
    public typealias Response = MastodonAccount

    public init() {}

    public var method: String { "GET" }
    public var path: String { "/api/v1/accounts/verify_credentials" }
    public var pathTemplate: String { path }
}
