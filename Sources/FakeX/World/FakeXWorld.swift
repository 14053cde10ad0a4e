import FakeHTTP
import Foundation
import XAPI

/// Everything the fake server knows, guarded by one lock in `FakeXServer`.
/// Each request is handled start to finish under that lock: authenticate,
/// rate-limit, inject a fault, or answer.
struct FakeXWorld: Sendable {
    var settings: FakeXSettings
    var users: [String: FakeXUser] = [:]
    /// Access token -> user id.
    var tokens: [String: String] = [:]
    var tweets: [String: FakeXTweet] = [:]
    /// User id -> liked tweet ids, oldest like first.
    var likes: [String: [String]] = [:]
    /// User id -> the ids they follow.
    var follows: [String: Set<String>] = [:]
    var writes: [FakeXWrite] = []
    var requests = RequestLog<FakeXRequestRecord>()
    var seenNonces: [String: Int] = [:]
    var rateLimiter = FakeXRateLimiter()
    var faults = FakeXFaultPlan()
    /// Apps, request tokens and PINs of the sign-in flow (`FakeXWorld+PINFlow.swift`).
    var pinFlow = FakeXPINFlow()
    /// Media by key: the human's pictures and the bot's uploads (`FakeXWorld+Media.swift`).
    var media: [String: FakeXMedia] = [:]
    /// Upload keys in order, and the paths no longer served.
    var uploads: [String] = []
    var removedFiles: Set<String> = []
    var lastMediaID: UInt64 = 1_880_000_000_000_000_000
    /// The `Host` the last request named: the human's media URLs point there.
    var host: String?

    init(settings: FakeXSettings) {
        self.settings = settings
    }

    /// Answers one request; nil means: drop the connection.
    mutating func handle(_ request: HTTPRequest, now: Date) -> HTTPResponse? {
        if let named = request.headers["host"] { host = named }
        if let response = answerPINFlow(request) {
            return record(request, endpoint: "\(request.method) \(request.path)", user: nil, now: now, response)
        }
        if request.method == "GET", request.path.hasPrefix("/media/") {
            // The file host (pbs.twimg.com): public, no signature.
            return record(request, endpoint: "GET /media/:file", user: nil, now: now, mediaFile(request.path))
        }
                guard let route = FakeXRoute(method: request.method, path: request.path) else {
            return record(request, endpoint: "\(request.method) \(request.path)", user: nil, now: now,
                HTTPResponse.problem(404, title: "Not Found Error", detail: "no such endpoint"))
        }
        let endpoint = route.endpoint
        let user: FakeXUser
        switch authenticate(request, now: now) {
        case .success(let authenticated):
            user = authenticated
        case .failure(let reason):
            return record(request, endpoint: endpoint, user: nil, now: now,
                HTTPResponse.problem(401, title: "Unauthorized", detail: "Unauthorized: \(reason.rawValue)"))
        }
        let limit = rateLimiter.consume(
            user: user.id, app: user.credentials?.consumerKey, endpoint: endpoint, limit: settings.rateLimits[endpoint],
            appLimit: settings.appRateLimits[endpoint], now: now)
        var response: HTTPResponse?
        let level = accessLevel(of: request)
        if level == "read", request.method != "GET" {
            response = HTTPResponse.problem(
                403, title: "Forbidden",
                detail: "Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.")
        } else if !limit.allowed {
            response = HTTPResponse.problem(429, title: "Too Many Requests", detail: "Too Many Requests")
        } else if let fault = faults.next(endpoint: endpoint) {
            if fault.performsRequest { _ = answer(route, request: request, user: user, now: now) }
            response = fault.response { .problem($0, title: "Service Unavailable", detail: "Service Unavailable") }
        } else {
            response = answer(route, request: request, user: user, now: now)
        }
        response?.headers += limit.headers + [("x-access-level", level)]
        return record(request, endpoint: endpoint, user: user.id, now: now, response)
    }

    private mutating func answer(_ route: FakeXRoute, request: HTTPRequest, user: FakeXUser, now: Date)
        -> HTTPResponse
    {
        let query: FakeXQuery
        switch checkQuery(route, request: request) {
        case .success(let checked): query = checked
        case .failure(let refusal): return refusal.response
        }
        switch route {
        case .me:
            let asked = request.query.filter { $0.name == "user.fields" }.flatMap { $0.value.split(separator: ",") }
            let description = asked.contains("description") ? user.description : nil
            return .json(200, XResponse(data: XUser(id: user.id, username: user.username, name: user.name, description: description)))
        case .timeline(let timeline, let userID):
            return list(timeline, userID: userID, request: request, query: query)
        case .createTweet:
            return createTweet(request, author: user, now: now)
        case .like(let userID):
            return like(request, pathUserID: userID, user: user)
        case .lookup:
            return lookup(request, query: query)
        case .deleteTweet(let id):
            return deleteTweet(id, user: user)
        case .users:
            return usersLookup(request)
        case .mediaUpload:
            return uploadMedia(request, user: user)
        case .mediaMetadata:
            return setMediaMetadata(request, user: user)
        }
    }

    private mutating func record(
        _ request: HTTPRequest, endpoint: String, user: String?, now: Date, _ response: HTTPResponse?
    ) -> HTTPResponse? {
        requests.append(
            FakeXRequestRecord(
                method: request.method, path: request.path, query: request.rawQuery, endpoint: endpoint, status: response?.status ?? 0,
                userID: user, date: now))
        return response
    }
}
