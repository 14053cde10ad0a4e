/// The endpoints the fake server knows, matched from method and path.
enum FakeMastodonRoute: Sendable, Equatable {
    case verifyCredentials
    case accountStatuses(accountID: String)
    case favourites
    case homeTimeline
    case notifications
    case postStatus
    case favourite(statusID: String)
    /// `GET` and `DELETE /api/v1/statuses/:id` (`FakeMastodonWorld+Lookups.swift`).
    case status(id: String)
    /// `GET /api/v1/statuses?id[]=` (4.3+; `FakeMastodonWorld+Lookups.swift`).
    case statuses
    case deleteStatus(id: String)
    /// `GET /api/v1/accounts?id[]=` (4.3+) and `GET /api/v1/accounts/:id` (`FakeMastodonWorld+Accounts.swift`).
    case accounts
    case account(id: String)
    /// `POST /api/v2/media` and `GET /api/v1/media/:id` (`FakeMastodonWorld+Media.swift`).
    case uploadMedia
    case media(id: String)

    /// Routes Mastodon answers without a token too (`authorize_if_got_token!`): a token sent must still be valid.
    var isPublic: Bool {
        switch self {
        case .accounts, .account: true
        default: false
        }
    }

    /// The endpoint template: names faults and records.
    var endpoint: String {
        switch self {
        case .verifyCredentials: "GET /api/v1/accounts/verify_credentials"
        case .accountStatuses: "GET /api/v1/accounts/:id/statuses"
        case .favourites: "GET /api/v1/favourites"
        case .homeTimeline: "GET /api/v1/timelines/home"
        case .notifications: "GET /api/v1/notifications"
        case .postStatus: "POST /api/v1/statuses"
        case .favourite: "POST /api/v1/statuses/:id/favourite"
        case .status: "GET /api/v1/statuses/:id"
        case .statuses: "GET /api/v1/statuses"
        case .deleteStatus: "DELETE /api/v1/statuses/:id"
        case .accounts: "GET /api/v1/accounts"
        case .account: "GET /api/v1/accounts/:id"
        case .uploadMedia: "POST /api/v2/media"
        case .media: "GET /api/v1/media/:id"
        }
    }

    init?(method: String, path: String) {
        let parts = path.split(separator: "/").map(String.init)
        if method == "POST", parts == ["api", "v2", "media"] {
            self = .uploadMedia
            return
        }
        guard parts.count >= 3, parts[0] == "api", parts[1] == "v1" else { return nil }
        switch (method, Array(parts.dropFirst(2))) {
        case ("GET", ["accounts", "verify_credentials"]): self = .verifyCredentials
        case ("GET", let rest) where rest.count == 3 && rest[0] == "accounts" && rest[2] == "statuses":
            self = .accountStatuses(accountID: rest[1])
        case ("GET", ["accounts"]): self = .accounts
        case ("GET", let rest) where rest.count == 2 && rest[0] == "accounts": self = .account(id: rest[1])
        case ("GET", ["favourites"]): self = .favourites
        case ("GET", ["timelines", "home"]): self = .homeTimeline
        case ("GET", ["notifications"]): self = .notifications
        case ("POST", ["statuses"]): self = .postStatus
        case ("GET", ["statuses"]): self = .statuses
        case ("GET", let rest) where rest.count == 2 && rest[0] == "media": self = .media(id: rest[1])
        case ("GET", let rest) where rest.count == 2 && rest[0] == "statuses": self = .status(id: rest[1])
        case ("DELETE", let rest) where rest.count == 2 && rest[0] == "statuses": self = .deleteStatus(id: rest[1])
        case ("POST", let rest) where rest.count == 3 && rest[0] == "statuses" && rest[2] == "favourite":
            self = .favourite(statusID: rest[1])
        default: return nil
        }
    }
}
