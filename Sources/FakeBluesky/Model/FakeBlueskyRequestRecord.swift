/// One request the server answered (or dropped).
public struct FakeBlueskyRequestRecord: Sendable, Equatable {
    /// `GET app.bsky.feed.getTimeline`.
    public var endpoint: String
    public var query: String
    /// 0 for a dropped connection.
    public var status: Int
    /// The session's DID, when the token was valid.
    public var did: String?
    /// The error name of a refusal (`ExpiredToken`).
    public var error: String?
}
