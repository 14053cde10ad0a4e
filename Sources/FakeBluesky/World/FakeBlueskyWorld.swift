import BlueskyAPI
import FakeHTTP
import Foundation

/// Everything the fake server knows, guarded by one lock in `FakeBlueskyServer`.
/// Each request is handled start to finish under that lock: route, authenticate,
/// rate-limit, inject a fault, or answer.
struct FakeBlueskyWorld: Sendable {
    struct AccessToken: Sendable {
        var did: String
        var expiresAt: Date
    }

    var accounts: [String: FakeBlueskyAccount] = [:]
    var accessTokens: [String: AccessToken] = [:]
    /// Refresh token -> DID; a used one is removed.
    var refreshTokens: [String: String] = [:]
    var posts: [String: FakeBlueskyPost] = [:]
    var reposts: [FakeBlueskyRepost] = []
    var likes: [String: FakeBlueskyLike] = [:]
    /// CID -> blob, uploaded by the bot or the human's pictures (`addBlob`).
    var blobs: [String: FakeBlueskyBlob] = [:]
    /// DID -> the DIDs it follows.
    var follows: [String: Set<String>] = [:]
    var writes: [FakeBlueskyWrite] = []
    var requests: [FakeBlueskyRequestRecord] = []
    var faults = FakeBlueskyFaultPlan()
    var accessTokenLifetime: TimeInterval = 7200
    /// Logins per DID, for Bluesky's 30 per 5 minutes and 300 a day.
    var logins: [String: [Date]] = [:]
    var loginLimits: [(limit: Int, window: TimeInterval)] = [(30, 300), (300, 86_400)]
    /// Requests per DID (or per anonymous caller) per window, announced in `ratelimit-*`.
    var rateLimit = FixedWindowLimit(limit: 3000, window: 300)
    var lastOrder = 0
    var lastIndexedAt = Date(timeIntervalSince1970: 0)
    var counter = 0

    /// Answers one request; nil means: drop the connection.
    mutating func handle(_ request: HTTPRequest, now: Date) -> HTTPResponse? {
        guard let route = FakeBlueskyRoute(method: request.method, path: request.path) else {
            let nsid = request.path.hasPrefix("/xrpc/") ? String(request.path.dropFirst(6)) : request.path
            return record(request, endpoint: "\(request.method) \(nsid)", did: nil,
                          Self.error(request.path.hasPrefix("/xrpc/") ? 501 : 404, "MethodNotImplemented", "Method Not Implemented"))
        }
        let endpoint = route.endpoint
        var did: String?
        switch route.credential {
        case .none:
            break
        case .access:
            switch authenticateAccess(request, now: now) {
            case .success(let found): did = found
            case .failure(let refusal): return record(request, endpoint: endpoint, did: nil, refusal.response)
            }
        case .refresh:
            switch authenticateRefresh(request) {
            case .success(let found): did = found
            case .failure(let refusal): return record(request, endpoint: endpoint, did: nil, refusal.response)
            }
        }
        let (allowed, headers) = consumeRateLimit(key: did ?? "anonymous", now: now)
        var response: HTTPResponse?
        if !allowed {
            response = Self.error(429, "RateLimitExceeded", "Rate Limit Exceeded")
        } else if let fault = faults.next(endpoint: endpoint) {
            if fault.performsRequest { _ = answer(route, request: request, did: did, now: now) }
            response = fault.response { Self.error($0, "InternalServerError", "Internal Server Error") }
        } else {
            response = answer(route, request: request, did: did, now: now)
        }
        if let answered = response, !answered.headers.contains(where: { $0.name == "ratelimit-reset" }) {
            response?.headers += headers
        }
        return record(request, endpoint: endpoint, did: did, response)
    }

    private mutating func answer(_ route: FakeBlueskyRoute, request: HTTPRequest, did: String?, now: Date) -> HTTPResponse {
        let viewer = did ?? ""
        switch route {
        case .createSession: return createSession(request, now: now)
        case .refreshSession: return refreshSession(request, did: viewer, now: now)
        case .getSession: return getSession(did: viewer)
        case .getAuthorFeed: return authorFeed(request, viewer: viewer)
        case .getActorLikes: return actorLikes(request, viewer: viewer)
        case .getTimeline: return timeline(request, viewer: viewer)
        case .listNotifications: return notifications(request, viewer: viewer)
        case .getPosts: return getPosts(request, viewer: viewer)
        case .getProfile: return getProfile(request, viewer: viewer)
        case .getProfiles: return getProfiles(request, viewer: viewer)
        case .resolveHandle: return resolveHandle(request)
        case .getRecord: return getRecord(request)
        case .createRecord: return createRecord(request, did: viewer, now: now)
        case .deleteRecord: return deleteRecord(request, did: viewer)
        case .uploadBlob: return uploadBlob(request, did: viewer)
        case .getBlob: return getBlob(request)
        }
    }

    /// One window per caller, announced in `ratelimit-*` (reset in Unix seconds).
    private mutating func consumeRateLimit(key: String, now: Date) -> (Bool, [(name: String, value: String)]) {
        let window = rateLimit.consume(key, now: now)
        return (window.allowed, [
            ("ratelimit-limit", String(rateLimit.limit)),
            ("ratelimit-remaining", String(window.remaining)),
            ("ratelimit-reset", String(Int(window.resetAt.timeIntervalSince1970.rounded(.up)))),
            ("ratelimit-policy", "\(rateLimit.limit);w=\(Int(rateLimit.window))"),
        ])
    }

    static let requestHistoryLimit = 50_000

    private mutating func record(_ request: HTTPRequest, endpoint: String, did: String?, _ response: HTTPResponse?) -> HTTPResponse? {
        if requests.count >= Self.requestHistoryLimit { requests.removeFirst(requests.count / 2) }
        let error = response.flatMap { (try? JSONDecoder().decode(BlueskyErrorBody.self, from: $0.body))?.error }
        requests.append(FakeBlueskyRequestRecord(
            endpoint: endpoint, query: request.rawQuery, status: response?.status ?? 0, did: did, error: response?.status == 200 ? nil : error))
        return response
    }

    /// `{"error": name, "message": message}` with `status`.
    static func error(_ status: Int, _ name: String, _ message: String) -> HTTPResponse {
        .json(status, BlueskyErrorBody(error: name, message: message))
    }

    static func invalid(_ message: String) -> HTTPResponse { error(400, "InvalidRequest", message) }

    /// A fresh, strictly increasing instant at `now` (feeds order by it).
    mutating func nextIndexedAt(_ now: Date) -> (Date, Int) {
        lastIndexedAt = max(now, lastIndexedAt.addingTimeInterval(0.001))
        lastOrder += 1
        return (lastIndexedAt, lastOrder)
    }

    /// A CID-looking string, unique in this world.
    mutating func nextCID() -> String {
        counter += 1
        let digits = Array("abcdefghijklmnopqrstuvwxyz234567")
        var state = UInt64(counter)
        var text = "bafyrei"
        while text.count < 59 {
            // SplitMix64: well spread, and the same for the same counter.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            for _ in 0..<12 where text.count < 59 {
                text.append(digits[Int(mixed & 31)])
                mixed >>= 5
            }
        }
        return text
    }

    func account(named actor: String) -> FakeBlueskyAccount? {
        accounts[actor] ?? accounts.values.first { $0.handle.lowercased() == actor.lowercased() }
    }
}
