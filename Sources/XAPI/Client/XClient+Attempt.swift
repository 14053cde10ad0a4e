import Foundation
import HTTPSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension XClient {
    /// What one HTTP exchange came to.
    enum Outcome<Response> {
        case success(Response)
        case rateLimited(resetAt: Date)
        case retryable(XAPIError)
        case final(XAPIError)
    }

    /// The full URL of a request: base URL, path, RFC 3986-encoded query.
    func url<R: XRequest>(for request: R) -> URL? {
        var string = configuration.baseURL.absoluteString
        while string.hasSuffix("/") { string.removeLast() }
        string += request.path
        if !request.query.isEmpty { string += "?" + OAuthPercentEncoding.formString(request.query) }
        return URL(string: string)
    }

    /// One signed attempt, with a fresh nonce and timestamp.
    func attemptOnce<R: XRequest>(_ request: R) async -> Outcome<R.Response> {
        let endpoint = request.endpoint
        guard let url = url(for: request) else {
            return .final(.failed(endpoint: endpoint, status: 0, detail: "invalid URL for \(request.pathTemplate)"))
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue(
            signer.authorizationHeader(
                method: request.method, url: url, nonce: nonce(), timestamp: Int(now().timeIntervalSince1970)),
            forHTTPHeaderField: "Authorization")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("mirror-bot", forHTTPHeaderField: "User-Agent")
        if let body = request.body {
            urlRequest.httpBody = body
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }

        let data: Data
        let response: HTTPURLResponse
        do {
            let (body, urlResponse) = try await session.cancellableData(for: urlRequest)
            guard let http = urlResponse as? HTTPURLResponse else {
                return .retryable(.failed(endpoint: endpoint, status: 0, detail: "no HTTP response"))
            }
            data = body
            response = http
        } catch {
            return .retryable(.failed(endpoint: endpoint, status: 0, detail: Self.describe(transportError: error)))
        }
        return await interpret(data: data, response: response, request: request)
    }

    /// Maps a response to an outcome and records its rate-limit headers.
    func interpret<R: XRequest>(data: Data, response: HTTPURLResponse, request: R) async -> Outcome<R.Response> {
        let endpoint = request.endpoint
        let status = response.statusCode
        let headers = Self.lowercasedHeaders(response)
        await rateLimits.record(endpoint: endpoint, headers: headers)
        switch status {
        case 200..<300:
            do {
                return .success(try JSONDecoder().decode(R.Response.self, from: data))
            } catch {
                return .retryable(.failed(endpoint: endpoint, status: status, detail: "undecodable response body"))
            }
        case 429:
            let resetAt =
                RateLimitBook.window(from: headers)?.resetAt
                ?? now().addingTimeInterval(configuration.backoff(retry: 1, jitter: 0.5).seconds)
            return .rateLimited(resetAt: resetAt)
        case 500..<600:
            return .retryable(.failed(endpoint: endpoint, status: status, detail: Self.detail(of: data)))
        default:
            return .final(
                XAPIError.from(status: status, detail: Self.detail(of: data), endpoint: endpoint, refusal: request.refusal))
        }
    }

    /// X's `detail` (or `errors[].message`, or `title`), one line, at most 300 characters.
    static func detail(of data: Data) -> String {
        guard let body = try? JSONDecoder().decode(XErrorBody.self, from: data), let summary = body.summary else {
            return data.isEmpty ? "empty body" : "non-JSON body"
        }
        let line = summary.replacingOccurrences(of: "\n", with: " ")
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    /// A transport failure without the URL (ids only, but keep errors short).
    static func describe(transportError error: any Error) -> String {
        if let urlError = error as? URLError { return "connection failed (URLError \(urlError.code.rawValue))" }
        return "connection failed"
    }

    static func lowercasedHeaders(_ response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return headers
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
