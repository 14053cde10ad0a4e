import Foundation
import HTTPSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension MastodonClient {
    /// What one HTTP exchange came to.
    enum Outcome<Response> {
        case success(Response, next: [(name: String, value: String)]?)
        case rateLimited(resetAt: Date)
        case retryable(MastodonAPIError)
        case final(MastodonAPIError)
    }

    /// The full URL: base URL, path, encoded query.
    func url<R: MastodonRequest>(for request: R) -> URL? {
        var string = configuration.baseURL.absoluteString
        while string.hasSuffix("/") { string.removeLast() }
        string += request.path
        if !request.query.isEmpty { string += "?" + MastodonPercentEncoding.formString(request.query) }
        return URL(string: string)
    }

    /// One attempt with the bearer token.
    func attemptOnce<R: MastodonRequest>(_ request: R) async -> Outcome<R.Response> {
        let endpoint = request.endpoint
        guard let url = url(for: request) else {
            return .final(.failed(endpoint: endpoint, status: 0, detail: "invalid URL for \(request.pathTemplate)"))
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("mirror-bot", forHTTPHeaderField: "User-Agent")
        if let key = request.idempotencyKey { urlRequest.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        if let form = request.form {
            urlRequest.httpBody = Data(MastodonPercentEncoding.formString(form).utf8)
            urlRequest.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        do {
            let (data, response) = try await session.cancellableData(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                return .retryable(.failed(endpoint: endpoint, status: 0, detail: "no HTTP response"))
            }
            return await interpret(data: data, response: http, endpoint: endpoint, as: R.Response.self)
        } catch {
            let code = (error as? URLError).map { " (URLError \($0.code.rawValue))" } ?? ""
            return .retryable(.failed(endpoint: endpoint, status: 0, detail: "connection failed" + code))
        }
    }

    /// Maps a response to an outcome and records its rate-limit headers.
    func interpret<T: Decodable>(data: Data, response: HTTPURLResponse, endpoint: String, as type: T.Type) async
        -> Outcome<T>
    {
        let status = response.statusCode
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        await rateLimit.record(headers: headers)
        switch status {
        case 200..<300:
            guard let value = try? JSONDecoder().decode(T.self, from: data) else {
                return .retryable(.failed(endpoint: endpoint, status: status, detail: "undecodable response body"))
            }
            return .success(value, next: headers["link"].flatMap { MastodonLink.nextQuery(in: $0, base: configuration.baseURL) })
        case 401:
            return .final(.unauthorized(endpoint: endpoint, detail: Self.detail(of: data)))
        case 429:
            let resetAt = MastodonRateLimit.window(from: headers)?.resetAt
                ?? now().addingTimeInterval(configuration.backoff(retry: 1, jitter: 0.5).seconds)
            return .rateLimited(resetAt: resetAt)
        case 500..<600:
            return .retryable(.failed(endpoint: endpoint, status: status, detail: Self.detail(of: data)))
        default:
            return .final(.failed(endpoint: endpoint, status: status, detail: Self.detail(of: data)))
        }
    }

    /// The server's `error` field, one line, at most 300 characters.
    static func detail(of data: Data) -> String {
        guard let body = try? JSONDecoder().decode(MastodonErrorBody.self, from: data) else {
            return data.isEmpty ? "empty body" : "non-JSON body"
        }
        let line = body.error.replacingOccurrences(of: "\n", with: " ")
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
