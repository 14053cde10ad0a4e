import Foundation
import HTTPSupport
import PublishingContext

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// One attempt authorized by `dialect`, mapped to an outcome; its rate-limit headers are recorded.
    func attemptOnce<R: APIRequest>(_ request: R, dialect: Dialect) async -> AttemptOutcome<APIResponse<R.Response>, R.Failure> {
        let body: RequestBody?
        do { body = try request.requestBody } catch {
            return .final(.failed(endpoint: request.endpoint, status: 0, detail: "the request body could not be encoded"))
        }
        guard var urlRequest = urlRequest(for: request, body: body) else {
            return .final(.failed(endpoint: request.endpoint, status: 0, detail: "invalid URL for \(request.pathTemplate)"))
        }
        await dialect.authorize(&urlRequest, now: clock.now())
        let reply: HTTPReply
        do {
            let options = HTTPSendOptions(turn: Self.turn(of: request), once: request.publishes)
            reply = try await transport.send(urlRequest, options: options)
        } catch {
            observe(.attempted(endpoint: request.endpoint, status: 0))
            return .retryable(status: 0, detail: Self.describe(transportError: error))
        }
        observe(.attempted(endpoint: request.endpoint, status: reply.status))
        return await interpret(reply, for: request)
    }

    /// A request's place in its server's line: a post's own requests and those made while publishing
    /// one first, those made while answering or starting a bot soon, the rest in order.
    static func turn<R: APIRequest>(of request: R) -> HTTPTurn {
        if request.publishes || Publishing.underway { return .first }
        return Answering.underway || Starting.underway ? .soon : .inOrder
    }

    /// Maps a reply to an outcome; a 429 marks the window spent.
    func interpret<R: APIRequest>(_ reply: HTTPReply, for request: R) async
        -> AttemptOutcome<APIResponse<R.Response>, R.Failure>
    {
        let endpoint = request.endpoint, family = request.rateLimitFamily, answeredAt = clock.now()
        await rateLimits.record(endpoint: endpoint, family: family, headers: reply.headers, now: answeredAt)
        switch reply.status {
        case 200..<300:
            // A 204 (Misskey's reactions) has no body: it reads as an empty object.
            let body = reply.status == 204 && reply.body.isEmpty ? Data("{}".utf8) : reply.body
            guard let value = try? JSONDecoder().decode(R.Response.self, from: body) else {
                return .retryable(status: reply.status, detail: "undecodable response body")
            }
            return .success(APIResponse(value: value, headers: reply.headers))
        case 429:
            let resetAt =
                Dialect.rateLimitScheme.window(from: reply.headers)?.resetAt
                ?? Dialect.retryAfter(headers: reply.headers, now: answeredAt)
                ?? answeredAt.addingTimeInterval(configuration.retryBackoff.delay(retry: 1).seconds)
            await rateLimits.markSpent(endpoint: endpoint, family: family, until: resetAt, now: answeredAt)
            return .rateLimited(resetAt: resetAt)
        case 500..<600:
            return .retryable(status: reply.status, detail: Dialect.errorDetail(of: reply.body))
        default:
            return .final(request.failure(
                status: reply.status, errorCode: Dialect.errorCode(of: reply.body), detail: Dialect.errorDetail(of: reply.body)))
        }
    }

    /// The request on the wire, without credentials: base URL, path, RFC 3986-encoded query, `body`.
    func urlRequest<R: APIRequest>(for request: R, body: RequestBody?) -> URLRequest? {
        var string = configuration.baseURL.absoluteString
        while string.hasSuffix("/") { string.removeLast() }
        string += request.path
        if !request.query.isEmpty { string += "?" + PercentEncoding.formString(request.query) }
        guard let url = URL(string: string) else { return nil }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("mirror-bot", forHTTPHeaderField: "User-Agent")
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        if let body {
            urlRequest.httpBody = body.data
            urlRequest.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        }
        return urlRequest
    }

    /// A transport failure without the URL (which may carry ids; keep errors short).
    static func describe(transportError error: any Error) -> String {
        if let urlError = error as? URLError { return "connection failed (URLError \(urlError.code.rawValue))" }
        return "connection failed"
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
