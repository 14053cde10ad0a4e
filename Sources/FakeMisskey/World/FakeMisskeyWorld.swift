import FakeHTTP
import Foundation
import JSONLines
import MisskeyAPI

/// Everything the fake server knows, guarded by one lock in `FakeMisskeyServer`. Each request
/// is handled start to finish under that lock, in the order `ApiCallService` checks it:
/// endpoint, body, token (header before body `i`), rate limit, credential, permission,
/// parameters, then the endpoint itself.
struct FakeMisskeyWorld: Sendable {
    /// Added by `register`; changed in place except for their usernames.
    var users: [String: FakeMisskeyUser] = [:]
    var tokens: [String: FakeMisskeyToken] = [:]
    /// Added by `insertNote`, removed by `removeNote`; changed in place only in their `fileIds`.
    var notes: [String: FakeMisskeyNote] = [:]
    var reactions = FakeMisskeyReactions()
    /// Each user's notes, each note's replies and renotes, each recipient's notifications, each username's user.
    var index = FakeMisskeyIndex()
    var follows: [String: Set<String>] = [:]
    var driveFiles: [String: FakeMisskeyDriveFile] = [:]
    /// Files made by `drive/files/create`, in order.
    var uploads: [String] = []
    /// Drive files no longer served (their URL answers 404).
    var removedFiles: Set<String> = []
    /// `config.maxFileSize` (262,144,000 bytes by default, `packages/backend/src/config.ts`).
    var maxFileSize = 262_144_000
    /// The server's own URL (file URLs are made on it), set when it starts.
    var baseURL = ""
    var ids = FakeMisskeyID()
    /// `meta.limit` per endpoint (settable), counted per user (or per anonymous caller).
    var limits: [FakeMisskeyEndpoint: FixedWindowLimit] = Dictionary(
        uniqueKeysWithValues: FakeMisskeyEndpoint.allCases.compactMap { endpoint in
            endpoint.limit.map { (endpoint, FixedWindowLimit(limit: $0.max, window: $0.duration)) }
        })
    /// `meta.limit.minInterval`: each user's last accepted call of an endpoint that has one.
    var lastCalls: [FakeMisskeyEndpoint: [String: Date]] = [:]
    /// misskey.io's `notes/create` idempotency: user and body -> the note made, and when.
    var idempotency: [String: (noteId: String, at: Date)] = [:]
    /// Bodies whose first `notes/create` is "still in flight": answered 202 `PROCESSING` this many more times.
    var inFlight: [String: Int] = [:]
    /// The next `notes/create` is made, its answer lost, and its repeats answered 202 this many times.
    var processingRepeats: Int?
    /// misskey.io's behaviours (idempotent notes/create, REPLY_TO_BOT_NOT_ALLOWED); off: upstream Misskey.
    var misskeyIO = true
    /// The next requests meet a proxy's non-JSON 429 (with this Retry-After, when given).
    var proxyLimited: [(remaining: Int, retryAfter: Int?)] = []
    var writes: [FakeMisskeyWrite] = []
    var requests = RequestLog<FakeMisskeyRequestRecord>()
    var faults = FaultPlan<HTTPFault>()
    var onWrite: (@Sendable (FakeMisskeyWrite) -> Void)?
    /// MiAuth sessions allowed and not yet checked -> their token (`FakeMisskeyWorld+MiAuth.swift`).
    var miauthTokens: [String: String] = [:]
    /// The user a browser opening a MiAuth page is signed in as; nil: nobody.
    var browserUserId: String?

    /// Answers one request; nil means: drop the connection.
    mutating func handle(_ request: HTTPRequest, now: Date) -> HTTPResponse? {
        if let response = answerMiAuth(request) {
            return record(request, endpoint: "\(request.method) \(request.path)", user: nil, response)
        }
        if request.method == "GET", request.path.hasPrefix("/files/") {
            return record(request, endpoint: "GET /files", user: nil, servedFile(request.path))
        }
        guard request.path.hasPrefix("/api/") else {
            return record(request, endpoint: "\(request.method) \(request.path)", user: nil, .text(404, "Not Found"))
        }
        let name = String(request.path.dropFirst(5))
        guard let endpoint = FakeMisskeyEndpoint(rawValue: name) else {
            return record(request, endpoint: "\(request.method) \(request.path)", user: nil, FakeMisskeyError.unknownEndpoint.response)
        }
        guard request.method == "POST" else {
            return record(request, endpoint: "\(request.method) \(request.path)", user: nil, .text(405, "Method Not Allowed"))
        }
        if let index = proxyLimited.firstIndex(where: { $0.remaining > 0 }) {
            proxyLimited[index].remaining -= 1
            var response = HTTPResponse(
                status: 429, headers: [("Content-Type", "text/html")], body: Data("<html><body>429 Too Many Requests</body></html>".utf8))
            if let seconds = proxyLimited[index].retryAfter { response.headers.append(("Retry-After", String(seconds))) }
            return record(request, endpoint: endpoint.endpoint, user: nil, response)
        }
        if endpoint == .driveFilesCreate {
            let (response, caller) = upload(request, endpoint: endpoint, now: now)
            return record(request, endpoint: endpoint.endpoint, user: caller, response)
        }
        let body: [String: JSONValue]
        if request.body.isEmpty {
            body = [:]
        } else {
            guard let parsed = try? JSONDecoder().decode(JSONValue.self, from: request.body), case .object(let object) = parsed else {
                return record(request, endpoint: endpoint.endpoint, user: nil, .text(400, "Body is not a valid JSON object"))
            }
            body = object
        }
        let user: FakeMisskeyUser?
        let token: FakeMisskeyToken?
        switch authenticate(request, body: body) {
        case .failure(let refusal): return record(request, endpoint: endpoint.endpoint, user: nil, refusal.response)
        case .success(let found):
            token = found
            user = found.flatMap { users[$0.userId] }
        }
        var response: HTTPResponse?
        do throws(FakeMisskeyError) {
            try checkAccess(endpoint, user: user, token: token, now: now)
            if let fault = faults.next(endpoint: endpoint.endpoint) {
                if fault.performsRequest { _ = answer(endpoint, body: body, user: user, now: now) }
                response = fault.response { HTTPResponse.json($0, MisskeyErrorBody(error: .init(
                    message: "Internal error occurred. Please contact us if the error persists.", code: "INTERNAL_ERROR",
                    id: "5d37dbcb-891e-41ca-a3d6-e690c97775ac", kind: "server"))) }
            } else {
                response = answer(endpoint, body: body, user: user, now: now)
            }
        } catch {
            response = error.response
        }
        return record(request, endpoint: endpoint.endpoint, user: user?.id, response)
    }

    /// The token from `Authorization: Bearer` (the prefix is case-sensitive), else from the body's `i`.
    private func authenticate(_ request: HTTPRequest, body: [String: JSONValue]) -> Result<FakeMisskeyToken?, HTTPResponseBox> {
        var secret: String?
        if let header = request.headers["authorization"], header.hasPrefix("Bearer ") {
            secret = String(header.dropFirst(7))
        } else if let given = body["i"] {
            guard case .string(let string) = given else { return .failure(HTTPResponseBox(.text(400, ""))) }
            secret = string
        }
        guard let secret else { return .success(nil) }
        guard let token = tokens[secret], users[token.userId] != nil else {
            return .failure(HTTPResponseBox(FakeMisskeyError.authenticationFailed.response))
        }
        return .success(token)
    }

    /// Rate limit (keyed by user, or by the anonymous caller), credential, permission.
    mutating func checkAccess(_ endpoint: FakeMisskeyEndpoint, user: FakeMisskeyUser?, token: FakeMisskeyToken?, now: Date)
        throws(FakeMisskeyError)
    {
        if var limit = limits[endpoint] {
            let window = limit.consume(user?.id ?? "anonymous", now: now)
            limits[endpoint] = limit
            if !window.allowed { throw .rateLimited(resetAt: window.resetAt, now: now) }
        }
        if let interval = endpoint.minInterval {
            let caller = user?.id ?? "anonymous"
            if let last = lastCalls[endpoint]?[caller], now.timeIntervalSince(last) < interval {
                throw .rateLimited(resetAt: last.addingTimeInterval(interval), now: now)
            }
            lastCalls[endpoint, default: [:]][caller] = now
        }
        if endpoint.requiresCredential && user == nil { throw .credentialRequired }
        if let token, let kind = endpoint.kind, !token.permissions.contains(kind) { throw .permissionDenied }
    }

    private mutating func answer(_ endpoint: FakeMisskeyEndpoint, body: [String: JSONValue], user: FakeMisskeyUser?, now: Date)
        -> HTTPResponse?
    {
        let params = FakeMisskeyParams(body)
        do throws(FakeMisskeyError) {
            switch endpoint {
            case .i: return .json(200, pack(user: try require(user), detailed: true))
            case .usersShow: return try usersShow(params)
            case .usersNotes: return try usersNotes(params, viewer: user)
            case .usersReactions: return try usersReactions(params, viewer: user)
            case .notesTimeline: return try timeline(params, viewer: try require(user))
            case .notifications: return try notificationsList(params, of: try require(user))
            case .notesCreate: return try createNote(params, body: body, by: try require(user), now: now)
            case .reactionsCreate: return try react(params, by: try require(user), now: now)
            case .notesShow: return try showNote(params, viewer: user)
            case .notesDelete: return try deleteNote(params, by: try require(user))
            case .driveFilesCreate: return .text(400, "")
            }
        } catch {
            return error.response
        }
    }

    private func require(_ user: FakeMisskeyUser?) throws(FakeMisskeyError) -> FakeMisskeyUser {
        guard let user else { throw .credentialRequired }
        return user
    }

    private mutating func record(_ request: HTTPRequest, endpoint: String, user: String?, _ response: HTTPResponse?) -> HTTPResponse? {
        let code = response.flatMap { $0.status >= 300 || $0.status == 202 ? MisskeyErrorBodyCode.code(in: $0.body) : nil }
        requests.append(FakeMisskeyRequestRecord(
            endpoint: endpoint, status: response?.status ?? 0, userId: user, errorCode: code, body: request.body))
        return response
    }

    /// Adds (or replaces) a user.
    mutating func register(_ user: FakeMisskeyUser) {
        index.added(user, replacing: users[user.id])
        users[user.id] = user
    }

    /// Records and announces an accepted write.
    mutating func wrote(_ write: FakeMisskeyWrite) {
        writes.append(write)
        onWrite?(write)
    }
}

/// An `HTTPResponse` as a `Result`'s failure.
struct HTTPResponseBox: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}

/// Reads the `code` of an error body the fake wrote.
enum MisskeyErrorBodyCode {
    static func code(in body: Data) -> String? {
        (try? JSONDecoder().decode(MisskeyErrorBody.self, from: body))?.error.code
    }
}
