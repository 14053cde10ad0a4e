/// The `meta` object of a list response.
public struct XMeta: Sendable, Codable, Equatable {
    public var resultCount: Int?
    public var newestID: String?
    public var oldestID: String?
    public var nextToken: String?
    public var previousToken: String?

    enum CodingKeys: String, CodingKey {
        case resultCount = "result_count"
        case newestID = "newest_id"
        case oldestID = "oldest_id"
        case nextToken = "next_token"
        case previousToken = "previous_token"
    }

    public init(
        resultCount: Int? = nil, newestID: String? = nil, oldestID: String? = nil, nextToken: String? = nil,
        previousToken: String? = nil
    ) {
        self.resultCount = resultCount
        self.newestID = newestID
        self.oldestID = oldestID
        self.nextToken = nextToken
        self.previousToken = previousToken
    }
}
