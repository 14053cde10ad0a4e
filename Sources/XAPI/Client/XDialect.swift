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

    func authorize(_ request: inout URLRequest, now: Date) async {
        guard let url = request.url else { return }
        let header = signer.authorizationHeader(
            method: request.httpMethod ?? "GET", url: url, nonce: nonce(), timestamp: Int(now.timeIntervalSince1970))
        request.setValue(header, forHTTPHeaderField: "Authorization")
    }
}
