import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BlueskyXRPC {
    /// One authorized attempt, mapped to an outcome; its rate-limit headers are recorded.
    func attemptOnce<R: XRPCRequest>(_ request: R, dialect: BlueskyDialect) async -> BlueskyAttemptOutcome<R.Response> {
        let endpoint = request.endpoint
        let body: Data?
        do { body = try request.input() } catch {
            return .final(.failed(endpoint: endpoint, status: 0, error: nil, detail: "the request could not be encoded"))
        }
        guard var urlRequest = urlRequest(for: request, body: body) else {
            return .final(.failed(endpoint: endpoint, status: 0, error: nil, detail: "invalid URL for \(R.nsid)"))
        }
        dialect.authorize(&urlRequest)
        let reply: BlueskyHTTPReply
        do {
            reply = try await transport.send(urlRequest)
        } catch {
            let code = (error as? URLError).map { " (URLError \($0.code.rawValue))" } ?? ""
            return .retryable(status: 0, detail: "connection failed" + code)
        }
        return await interpret(reply, endpoint: endpoint, as: R.Response.self)
    }

    /// Maps a reply to an outcome; a 429 marks the window spent.
    func interpret<T: Decodable>(_ reply: BlueskyHTTPReply, endpoint: String, as type: T.Type) async -> BlueskyAttemptOutcome<T> {
        await rateLimits.record(endpoint: endpoint, headers: reply.headers)
        switch reply.status {
        case 200..<300:
            guard let value = try? JSONDecoder().decode(T.self, from: reply.body) else {
                return .retryable(status: reply.status, detail: "undecodable response body")
            }
            return .success(value)
        case 429:
            let resetAt = BlueskyDialect.rateLimitWindow(from: reply.headers)?.resetAt
                ?? now().addingTimeInterval(configuration.backoff(retry: 1, jitter: 0.5).seconds)
            await rateLimits.markSpent(endpoint: endpoint, until: resetAt)
            return .rateLimited(resetAt: resetAt)
        case 500..<600:
            return .retryable(status: reply.status, detail: BlueskyDialect.errorDetail(of: reply.body))
        default:
            return .final(BlueskyDialect.failure(status: reply.status, body: reply.body, endpoint: endpoint))
        }
    }

    /// `{service}/xrpc/<nsid>?<query>`, with the JSON body of a procedure.
    func urlRequest<R: XRPCRequest>(for request: R, body: Data?) -> URLRequest? {
        var string = configuration.serviceURL.absoluteString
        while string.hasSuffix("/") { string.removeLast() }
        string += "/xrpc/" + R.nsid
        if !request.parameters.isEmpty {
            string += "?" + request.parameters.map { XRPCPercentEncoding.encode($0.name) + "=" + XRPCPercentEncoding.encode($0.value) }
                .joined(separator: "&")
        }
        guard let url = URL(string: string) else { return nil }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = R.isProcedure ? "POST" : "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("mirror-bot", forHTTPHeaderField: "User-Agent")
        if R.isProcedure {
            urlRequest.httpBody = body ?? Data()
            if body != nil { urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        }
        return urlRequest
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
