import FakeHTTP
import Foundation
import JSONLines
import MisskeyAPI

/// MiAuth (misskey-hub, docs/for-developers/api/token/miauth): the app opens
/// `/miauth/{session}?name=&permission=a,b`; the person, signed in, presses Allow, and the page
/// makes a token (`miauth/gen-token`: 32 characters, the permissions named, unknown names dropped
/// silently); `POST /api/miauth/{session}/check` answers `{ok: true, token, user}` once, then
/// `{ok: false}`. Here fetching the page while signed in (`browserUserId`, or the user the
/// `fake_signed_in_as` cookie names) is the Allow.
extension FakeMisskeyWorld {
    /// Answers the MiAuth page and check; nil when `request` is neither.
    mutating func answerMiAuth(_ request: HTTPRequest) -> HTTPResponse? {
        let parts = request.path.split(separator: "/").map(String.init)
        if request.method == "GET", parts.count == 2, parts[0] == "miauth" {
            let signedIn = request.cookie(HTTPRequest.signedInCookie).map { name in users.first { $0.value.username == name }?.key } ?? browserUserId
            return allow(session: parts[1], permissions: request.queryValue("permission") ?? "", name: request.queryValue("name") ?? "", signedIn: signedIn)
        }
        if request.method == "POST", parts.count == 4, parts[0] == "api", parts[1] == "miauth", parts[3] == "check" {
            guard let token = miauthTokens.removeValue(forKey: parts[2]), let grant = tokens[token], let user = users[grant.userId] else {
                return .json(200, ["ok": false])
            }
            return .json(200, MiAuthCheck(ok: true, token: token, user: pack(user: user, detailed: true)))
        }
        return nil
    }

    private mutating func allow(session: String, permissions: String, name: String, signedIn: String?) -> HTTPResponse {
        guard let userId = signedIn, users[userId] != nil else {
            return Self.page(200, "Sign in to continue to \(name).")
        }
        let granted = Set(permissions.split(separator: ",").map(String.init)).intersection(FakeMisskeyServer.allPermissions)
        let token = FakeMisskeyServer.randomToken()
        tokens[token] = FakeMisskeyToken(userId: userId, permissions: granted)
        miauthTokens[session] = token
        return Self.page(200, "You have granted \(name) access. Return to the application.")
    }

    private static func page(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data("<!DOCTYPE html><html><body><p>\(text)</p></body></html>".utf8))
    }
}

private struct MiAuthCheck: Encodable {
    var ok: Bool
    var token: String
    var user: MisskeyUser
}
