import FakeHTTP
import Foundation

/// One request the server answered (or dropped), for tests to count.
public struct FakeXRequestRecord: RecordedRequest, Equatable {
    public var method: String
    public var path: String
    /// The query string as sent (after `?`), or empty.
    public var query: String
    /// The endpoint template, e.g. `GET /2/users/:id/tweets` (the path when unknown).
    public var endpoint: String
    /// The status sent; 0 for a dropped connection.
    public var status: Int
    /// The authenticated user, when authentication succeeded.
    public var userID: String?
    public var date: Date
}
