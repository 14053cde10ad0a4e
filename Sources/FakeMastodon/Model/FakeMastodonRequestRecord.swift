import FakeHTTP
/// One request the server answered (or dropped), for tests to count.
public struct FakeMastodonRequestRecord: RecordedRequest, Equatable {
    public var method: String
    public var path: String
    /// The raw query string.
    public var query: String
    /// The endpoint template, e.g. `GET /api/v1/accounts/:id/statuses` (the path when unknown).
    public var endpoint: String
    /// The status sent; 0 for a dropped connection.
    public var status: Int
    /// The authenticated account, when the token was valid.
    public var accountID: String?
    /// The `Idempotency-Key` header, if sent.
    public var idempotencyKey: String?
}
