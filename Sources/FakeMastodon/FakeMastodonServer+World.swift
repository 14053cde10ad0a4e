import FakeHTTP
import Foundation
import MastodonAPI

/// The in-process API: build the world, inspect what clients did, inject faults.
extension FakeMastodonServer {
    /// Registers an account (`bot`: marked as a bot account); returns its bearer token (generated when not given).
    @discardableResult
    public func addAccount(id: String, username: String, token: String? = nil, bot: Bool = false) -> String {
        let token = token ?? "tok-\(id)-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        world.withLock { world in
            world.accounts[id] = MastodonAccount(id: id, username: username, acct: username, displayName: username, bot: bot, note: "")
            world.tokens[token] = id
        }
        return token
    }

    /// Registers an app with `scopes` that `token` (from `addAccount`) belongs to, as a bot signed
    /// in before a scope was asked for (`GET /api/v1/apps/verify_credentials` answers them).
    public func setAppScopes(token: String, _ scopes: Set<String>) {
        world.withLock { world in
            let clientID = "app-of-" + token
            world.oauth.apps[clientID] = .init(secret: "", redirectURIs: [FakeMastodonOAuth.outOfBand], scopes: scopes)
            world.oauth.tokenApps[token] = clientID
        }
    }

    /// Off: `GET /api/v1/apps/verify_credentials` answers without `scopes`, as before Mastodon 4.3.
    public func setAppScopesServed(_ served: Bool) {
        world.withLock { $0.oauth.appScopesServed = served }
    }

    /// The account a browser opening `/oauth/authorize` is signed in as (nil: nobody); the page
    /// then shows a code for it, as Mastodon does after "Authorize" with the out-of-band redirect URI.
    public func signInBrowser(accountID: String?) {
        world.withLock { $0.oauth.browserAccountID = accountID }
    }

    /// Sets the profile's bio (`note`), written as plain text and served as Mastodon renders it
    /// (paragraphs, hashtag links).
    public func setNote(accountID: String, _ text: String) {
        world.withLock { $0.accounts[accountID]?.note = FakeMastodonHTMLRenderer.render(text, baseURL: $0.baseURL) }
    }

    /// `false` makes the server one older than Mastodon 4.3: `GET /api/v1/accounts?id[]=` and
    /// `GET /api/v1/statuses?id[]=` are 404.
    public func setMultipleLookups(available: Bool) {
        world.withLock { $0.multipleLookups = available }
    }

    /// Adds a status (plain text; served as HTML) and returns its id (a fresh,
    /// increasing one unless given: a remote status may carry an older id). A reply
    /// names its target; a boost names the boosted status.
    @discardableResult
    public func addStatus(
        id: String? = nil, accountID: String, text: String, createdAt: Date? = nil, inReplyToID: String? = nil,
        visibility: String = "public", reblogOf: String? = nil, spoilerText: String = ""
    ) -> String {
        let date = createdAt ?? Date()
        return world.withLock { world in
            let id = world.insertStatus(
                id: id, accountID: accountID, text: text, createdAt: date, inReplyToID: inReplyToID, visibility: visibility,
                reblogOfID: reblogOf
            ).id
            world.statuses[id]?.spoilerText = spoilerText
            world.statuses[id]?.sensitive = !spoilerText.isEmpty
            return id
        }
    }

    /// `accountID` favourites `statusID` (the newest favourite comes first).
    public func addFavourite(accountID: String, statusID: String) {
        world.withLock { $0.addFavourite(accountID: accountID, statusID: statusID) }
    }

    /// `followerID` follows `followeeID`: the followee's statuses reach the follower's home timeline.
    public func follow(_ followerID: String, _ followeeID: String) {
        world.withLock { _ = $0.follows[followerID, default: []].insert(followeeID) }
    }

    /// Every accepted write, in order.
    public var writes: [FakeMastodonWrite] { world.withLock { $0.writes } }

    /// Every request answered (or dropped), in order.
    public var requests: [FakeMastodonRequestRecord] { world.withLock { $0.requests.records } }

    /// How many requests reached `endpoint` (e.g. `GET /api/v1/favourites`).
    public func requestCount(endpoint: String) -> Int {
        world.withLock { $0.requests.count(endpoint: endpoint) }
    }

    public func status(id: String) -> FakeMastodonStatus? { world.withLock { $0.statuses[id] } }

    /// The ids `accountID` favourited, oldest first.
    public func favourites(of accountID: String) -> [String] {
        world.withLock { $0.favourites.filter { $0.accountID == accountID }.map(\.statusID) }
    }

    /// Each account may make `limit` requests per `window` seconds (Mastodon: 300 per 5 minutes).
    public func setRateLimit(limit: Int, window: TimeInterval) {
        setRateLimit(.all, limit: limit, window: window)
    }

    /// The limit of one family per account (`.paging`: 300 per 15 minutes; `.statuses`:
    /// 300 posts per 3 hours; `.all`: as `setRateLimit(limit:window:)`). Limit 0 spends it
    /// for `window` seconds from the account's next request of that family.
    public func setRateLimit(_ family: FakeMastodonLimitFamily, limit: Int, window: TimeInterval) {
        world.withLock {
            $0.rateLimits.limits[family] = FixedWindowLimit(limit: limit, window: window)
        }
    }
}

extension FakeMastodonServer: FaultInjecting {
    public func changeFaults(_ change: (inout FaultPlan<HTTPFault>) -> Void) {
        world.withLock { change(&$0.faults) }
    }
}
