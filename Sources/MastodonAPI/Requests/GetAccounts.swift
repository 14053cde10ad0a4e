/// `GET /api/v1/accounts?id[]=…` (Mastodon 4.3 and later): several accounts at once, each
/// found one once, in no promised order; unknown, unconfirmed and unapproved ones are left
/// out. More than 40 distinct ids is 422 (`DEFAULT_ACCOUNTS_LIMIT`, mastodon/mastodon
/// `Api::V1::AccountsController#check_accounts_limit`). A server older than 4.3 has no such
/// route: 404.
public struct GetAccounts: MastodonRequest {
    public typealias Response = [MastodonAccount]
    /// The most ids one request takes.
    public static let maximum = 40

    public var ids: [String]

    public init(ids: [String]) { self.ids = Array(ids.prefix(Self.maximum)) }

    public var method: String { "GET" }
    public var path: String { "/api/v1/accounts" }
    public var pathTemplate: String { path }
    public var query: [(name: String, value: String)] { ids.map { ("id[]", $0) } }
}

/// `GET /api/v1/accounts/:id`: one account (every version); 404 when there is none.
public struct GetAccount: MastodonRequest {
    public typealias Response = MastodonAccount

    public var accountID: String

    public init(accountID: String) { self.accountID = accountID }

    public var method: String { "GET" }
    public var path: String { "/api/v1/accounts/\(MastodonPercentEncoding.encode(accountID))" }
    public var pathTemplate: String { "/api/v1/accounts/:id" }
}
