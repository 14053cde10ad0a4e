import APIClientCore
import Foundation
import HTTPSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The few requests a sign-in makes, over any `HTTPTransport`. Errors name the host, never a
/// parameter (codes, secrets and tokens travel in bodies and headers only).
struct LoginHTTP: Sendable {
    var transport: any HTTPTransport = CurlTransport(timeout: 30)

    func postForm(_ url: URL, _ parameters: [(name: String, value: String)], headers: [String: String] = [:]) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(PercentEncoding.formString(parameters).utf8)
        return try await send(request)
    }

    func postJSON(_ url: URL, _ body: some Encodable & Sendable, headers: [String: String] = [:]) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try JSONEncoder().encode(body)
        return try await send(request)
    }

    /// A `POST` of `body` as it is (a multipart form, say).
    func post(_ url: URL, _ body: RequestBody, headers: [String: String] = [:]) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.data
        return try await send(request)
    }

    func get(_ url: URL, headers: [String: String] = [:]) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> HTTPReply {
        do {
            return try await transport.send(request)
        } catch {
            throw LoginError("cannot reach \(request.url?.host ?? "the server"): \(error.localizedDescription)")
        }
    }
}

extension HTTPReply {
    /// The body decoded as `T` when the status is 2xx; else a `LoginError` saying `what` failed, with
    /// the server's `error` / `error_description` when it sent them.
    func decode<T: Decodable>(_ type: T.Type, what: String) throws -> T {
        guard (200..<300).contains(status) else {
            let body = try? JSONDecoder().decode(LoginErrorBody.self, from: body)
            let reason = body?.error ?? body?.error_description ?? ""
            throw LoginError("\(what) failed: HTTP \(status)\(reason.isEmpty ? "" : " (\(reason))"); nothing was written")
        }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw LoginError("\(what): the server's answer is not what its documents describe; nothing was written")
        }
    }
}

/// `{"error": ..., "error_description": ...}`, as OAuth servers (RFC 6749, 5.2) and Mastodon answer a refusal.
private struct LoginErrorBody: Decodable {
    var error: String?
    var error_description: String?
}
