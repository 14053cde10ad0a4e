import Foundation

/// Where a stored picture of the human's Bluesky post is fetched from (`PostMedia.url`):
/// `com.atproto.sync.getBlob` at a service, naming the account's DID and the blob's CID,
/// `https://bsky.social/xrpc/com.atproto.sync.getBlob?did=did:plc:…&cid=bafkrei…`.
/// Records (from the API or a repository export) hold only the CID; the bytes are the
/// account's PDS's, fetched at send time. `getBlob` needs no credentials; the entryway
/// bsky.social redirects it to the PDS that holds the account (atproto pull request 1814).
public enum BlueskyBlobURL {
    static let path = "/xrpc/com.atproto.sync.getBlob"
    /// Bluesky's entryway, `BLUESKY_SERVICE_URL`'s default.
    public static let defaultService = URL(string: "https://bsky.social") ?? URL(fileURLWithPath: "/")

    /// The URL of `did`'s blob `cid` at `service`.
    public static func url(service: URL, did: String, cid: String) -> String {
        var components = URLComponents(url: service, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = components.path.hasSuffix("/") ? String(components.path.dropLast()) + path : components.path + path
        components.queryItems = [URLQueryItem(name: "did", value: did), URLQueryItem(name: "cid", value: cid)]
        return components.string ?? service.absoluteString + path
    }

    /// The DID and CID a stored URL names; nil for any other URL.
    public static func parse(_ url: String) -> (did: String, cid: String)? {
        guard let components = URLComponents(string: url), components.path.hasSuffix(path) else { return nil }
        let items = components.queryItems ?? []
        guard let did = items.first(where: { $0.name == "did" })?.value, let cid = items.first(where: { $0.name == "cid" })?.value else {
            return nil
        }
        return (did, cid)
    }
}
