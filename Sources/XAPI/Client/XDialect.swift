import APIClientCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// X's part of the shared client: every attempt signed with OAuth 1.0a (a fresh
/// nonce and timestamp), problem JSON for errors, `x-rate-limit-*` headers.
struct XDialect: APIDialect {
    let signer: OAuthSigner
    let nonce: @Sendable () -> String

    static var rateLimitScheme: RateLimitScheme { .x }

    /// X's `detail` (or `errors[].message`, or `title`).
    static func errorSummary(of body: Data) -> String? {
        (try? JSONDecoder().decode(XErrorBody.self, from: body))?.summary
    }

    /// The refused query parameters of a 400 (`XParameterRefusal`), as JSON: the shared
    /// client hands it to `XRequest.failure(status:errorCode:detail:)`.
    static func errorCode(of body: Data) -> String? {
        guard let refusals = (try? JSONDecoder().decode(XErrorBody.self, from: body))?.refusals, !refusals.isEmpty,
            let data = try? JSONEncoder().encode(refusals)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func authorize(_ request: inout URLRequest, now: Date) async {
        guard let url = request.url else { return }
        let header = signer.authorizationHeader(
            method: request.httpMethod ?? "GET", url: url, nonce: nonce(), timestamp: Int(now.timeIntervalSince1970))
        request.setValue(header, forHTTPHeaderField: "Authorization")
    }
}
