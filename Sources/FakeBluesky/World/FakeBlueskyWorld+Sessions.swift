import BlueskyAPI
import FakeHTTP
import Foundation

extension FakeBlueskyWorld {
    struct Refusal: Error {
        var response: HTTPResponse
    }

    /// The DID of a valid, unexpired access token; else 400 `ExpiredToken`,
    /// 400 `InvalidToken` or 401 `AuthenticationRequired`, as the PDS answers.
    func authenticateAccess(_ request: HTTPRequest, now: Date) -> Result<String, Refusal> {
        guard let token = Self.bearer(request) else {
            return .failure(Refusal(response: Self.error(401, "AuthenticationRequired", "Authentication Required")))
        }
        guard let access = accessTokens[token] else {
            let message = refreshTokens[token] != nil ? "Bad token scope" : "Token could not be verified"
            return .failure(Refusal(response: Self.error(400, "InvalidToken", message)))
        }
        guard access.expiresAt > now else { return .failure(Refusal(response: Self.error(400, "ExpiredToken", "Token has expired"))) }
        return .success(access.did)
    }

    /// The DID of a refresh token not used yet.
    func authenticateRefresh(_ request: HTTPRequest) -> Result<String, Refusal> {
        guard let token = Self.bearer(request) else {
            return .failure(Refusal(response: Self.error(401, "AuthenticationRequired", "Authentication Required")))
        }
        guard let did = refreshTokens[token] else {
            return .failure(Refusal(response: Self.error(400, "ExpiredToken", "Token has been revoked")))
        }
        return .success(did)
    }

    static func bearer(_ request: HTTPRequest) -> String? {
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer ") else { return nil }
        return String(header.dropFirst(7))
    }

    /// `createSession {identifier, password}`: a handle or DID and one of its app passwords;
    /// 429 past 30 logins in 5 minutes or 300 a day.
    mutating func createSession(_ request: HTTPRequest, now: Date) -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
            let identifier = object["identifier"] as? String, let password = object["password"] as? String
        else { return Self.invalid("Input must have the properties \"identifier\" and \"password\"") }
        guard let account = account(named: identifier) else {
            return Self.error(401, "AuthenticationRequired", "Invalid identifier or password")
        }
        var past = (logins[account.did] ?? []).filter { $0 > now.addingTimeInterval(-86_400) }
        for (limit, window) in loginLimits {
            let recent = past.filter { $0 > now.addingTimeInterval(-window) }.sorted()
            if recent.count >= limit {
                var response = Self.error(429, "RateLimitExceeded", "Rate Limit Exceeded")
                let reset = (recent.first ?? now).addingTimeInterval(window)
                response.headers += [
                    ("ratelimit-limit", String(limit)), ("ratelimit-remaining", "0"),
                    ("ratelimit-reset", String(Int(reset.timeIntervalSince1970.rounded(.up)))),
                    ("ratelimit-policy", "\(limit);w=\(Int(window))"),
                ]
                return response
            }
        }
        past.append(now)
        logins[account.did] = past
        guard account.appPasswords.contains(password) else {
            return Self.error(401, "AuthenticationRequired", "Invalid identifier or password")
        }
        return .json(200, issueTokens(for: account, now: now))
    }

    /// `refreshSession` (Bearer: the refresh token): a new pair; the old refresh token dies.
    mutating func refreshSession(_ request: HTTPRequest, did: String, now: Date) -> HTTPResponse {
        guard let account = accounts[did] else { return Self.invalid("Account not found") }
        if let token = Self.bearer(request) { refreshTokens[token] = nil }
        return .json(200, issueTokens(for: account, now: now))
    }

    func getSession(did: String) -> HTTPResponse {
        guard let account = accounts[did] else { return Self.invalid("Account not found") }
        return .json(200, ["did": account.did, "handle": account.handle])
    }

    /// JWT-shaped tokens (`eyJ…`), as the PDS issues them.
    mutating func issueTokens(for account: FakeBlueskyAccount, now: Date) -> SessionBody {
        let expiry = now.addingTimeInterval(accessTokenLifetime)
        let access = Self.jwt(scope: "com.atproto.access", did: account.did, expiry: expiry, nonce: nextCID())
        let refresh = Self.jwt(scope: "com.atproto.refresh", did: account.did, expiry: now.addingTimeInterval(90 * 86_400), nonce: nextCID())
        accessTokens[access] = AccessToken(did: account.did, expiresAt: expiry)
        refreshTokens[refresh] = account.did
        return SessionBody(accessJwt: access, refreshJwt: refresh, handle: account.handle, did: account.did)
    }

    struct SessionBody: Encodable {
        var accessJwt: String
        var refreshJwt: String
        var handle: String
        var did: String
    }

    static func jwt(scope: String, did: String, expiry: Date, nonce: String) -> String {
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = base64URL(#"{"typ":"at+jwt","alg":"ES256K"}"#)
        let payload = base64URL(#"{"scope":"\#(scope)","sub":"\#(did)","exp":\#(Int(expiry.timeIntervalSince1970)),"jti":"\#(nonce)"}"#)
        return "\(header).\(payload).\(base64URL(nonce))"
    }
}
