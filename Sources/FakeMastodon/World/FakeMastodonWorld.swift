import FakeHTTP
import Foundation
import MastodonAPI

/// Everything the fake server knows, guarded by one lock in `FakeMastodonServer`.
/// Each request is handled start to finish under that lock: authenticate,
/// rate-limit, inject a fault, or answer.
struct FakeMastodonWorld: Sendable {
    var baseURL = "http://127.0.0.1"
    var accounts: [String: MastodonAccount] = [:]
    /// Bearer token -> account id.
    var tokens: [String: String] = [:]
    var statuses: [String: FakeMastodonStatus] = [:]
    /// Favourites in the order made: (favourite record id, account id, status id).
    var favourites: [(id: Int, accountID: String, statusID: String)] = []
    /// Mention notifications: (notification id, recipient, status id).
    var notifications: [(id: Int, accountID: String, statusID: String)] = []
    var follows: [String: Set<String>] = [:]
    /// "account id + key" -> the status that key created.
    var idempotencyKeys: [String: String] = [:]
    var writes: [FakeMastodonWrite] = []
    var requests = RequestLog<FakeMastodonRequestRecord>()
    var faults = FakeMastodonFaultPlan()
    var rateLimits = FakeMastodonLimits()
    var lastStatusNumber: UInt64 = 0
    var lastRecordID = 0
    /// False: a server older than 4.3, without `GET /api/v1/accounts?id[]=` and
    /// `GET /api/v1/statuses?id[]=` (404).
    var multipleLookups = true
    /// Media attachments by id, the human's pictures and the uploads (`FakeMastodonWorld+Media.swift`).
    var media: [String: FakeMastodonMedia] = [:]
    /// Upload ids in the order made.
    var uploads: [String] = []
    /// `GET /api/v1/media/:id` answers an upload takes to finish processing (0: done at once, 200).
    var processingPolls = 1
    /// File paths no longer served (404), as a picture its host lost.
    var removedFiles: Set<String> = []
    /// Apps, codes and the scopes of the tokens they gave (`FakeMastodonWorld+OAuth.swift`).
    var oauth = FakeMastodonOAuth()

    /// Answers one request; nil means: drop the connection.
    mutating func handle(_ request: HTTPRequest, now: Date) -> HTTPResponse? {
        if let response = answerOAuth(request) {
            return record(request, endpoint: "\(request.method) \(request.path)", account: nil, response)
        }
        if request.method == "GET", request.path.hasPrefix("/system/") {
            return record(request, endpoint: "GET /system/*", account: nil, mediaFile(request.path))
        }
        guard let route = FakeMastodonRoute(method: request.method, path: request.path) else {
            return record(request, endpoint: "\(request.method) \(request.path)", account: nil, Self.error(404, "Record not found"))
        }
        let endpoint = route.endpoint
        if route.isPublic, request.headers["authorization"] == nil {
            return record(request, endpoint: endpoint, account: nil, answerPublic(route, request: request))
        }
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer "),
            let accountID = tokens[String(header.dropFirst(7))], let account = accounts[accountID]
        else {
            return record(request, endpoint: endpoint, account: nil, Self.error(401, "The access token is invalid"))
        }
        if let scopes = oauth.tokenScopes[String(header.dropFirst(7))], !FakeMastodonOAuth.allows(scopes, endpoint: endpoint) {
            return record(request, endpoint: endpoint, account: accountID, Self.error(403, "This action is outside the authorized scopes"))
        }
        let (allowed, headers) = consumeRateLimit(request, accountID: accountID, now: now)
        var response: HTTPResponse?
        if !allowed {
            response = Self.error(429, "Too many requests")
        } else if let fault = faults.next(endpoint: endpoint) {
            if fault.performsRequest { _ = answer(route, request: request, account: account, now: now) }
            response = fault.response { Self.error($0, "Service Unavailable") }
        } else {
            response = answer(route, request: request, account: account, now: now)
        }
        response?.headers += headers
        return record(request, endpoint: endpoint, account: accountID, response)
    }

    private mutating func answer(_ route: FakeMastodonRoute, request: HTTPRequest, account: MastodonAccount, now: Date)
        -> HTTPResponse
    {
        switch route {
        case .verifyCredentials: return .json(200, account)
        case .accountStatuses(let id): return accountStatuses(id, request: request)
        case .favourites: return favouritesList(of: account.id, request: request)
        case .homeTimeline: return homeTimeline(of: account.id, request: request)
        case .notifications: return mentions(of: account.id, request: request)
        case .postStatus: return postStatus(request, account: account, now: now)
        case .favourite(let id): return favourite(id, account: account)
        case .status(let id): return lookup(id, account: account)
        case .statuses: return lookup(request, account: account)
        case .deleteStatus(let id): return deleteStatus(id, account: account)
        case .uploadMedia: return uploadMedia(request, account: account)
        case .media(let id): return getMedia(id, account: account)
        case .accounts, .account: return answerPublic(route, request: request)
        }
    }

    /// Mastodon's per-account limits, the closest to running out announced in `X-RateLimit-*` (Reset as ISO 8601).
    private mutating func consumeRateLimit(_ request: HTTPRequest, accountID: String, now: Date) -> (Bool, [(name: String, value: String)]) {
        let families = FakeMastodonLimits.families(method: request.method, path: request.path, query: request.query)
        let window = rateLimits.consume(accountID, families: families, now: now)
        return (window.allowed, [
            ("X-RateLimit-Limit", String(window.limit)),
            ("X-RateLimit-Remaining", String(window.remaining)),
            ("X-RateLimit-Reset", MastodonDate.format(window.resetAt)),
        ])
    }

    private mutating func record(_ request: HTTPRequest, endpoint: String, account: String?, _ response: HTTPResponse?)
        -> HTTPResponse?
    {
        requests.append(
            FakeMastodonRequestRecord(
                method: request.method, path: request.path, query: request.rawQuery, endpoint: endpoint,
                status: response?.status ?? 0, accountID: account, idempotencyKey: request.headers["idempotency-key"]))
        return response
    }

    /// `{"error": message}` with `status`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        .json(status, MastodonErrorBody(error: message))
    }
}
