import BlueskyAPI
import FakeHTTP
import Foundation

extension FakeBlueskyWorld {
    /// `com.atproto.repo.deleteRecord`: `repo` (the session's own), `collection` and `rkey`
    /// (an NSID and a record key, both required); the record leaves the repository and every
    /// view. A record that is not there is no error (the lexicon's output is the commit, if any).
    mutating func deleteRecord(_ request: HTTPRequest, did: String) -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            return Self.invalid("Request body must be a JSON object")
        }
        guard let repo = object["repo"] as? String, let collection = object["collection"] as? String,
            let rkey = object["rkey"] as? String
        else { return Self.invalid("Input must have the properties \"repo\", \"collection\" and \"rkey\"") }
        guard account(named: repo)?.did == did else { return Self.error(401, "AuthenticationRequired", "Authentication Required") }
        let uri = "at://\(did)/\(collection)/\(rkey)"
        if posts.removeValue(forKey: uri) != nil || likes.removeValue(forKey: uri) != nil {
            writes.append(.delete(uri: uri, did: did))
        }
        return .json(200, [String: String]())
    }
}
