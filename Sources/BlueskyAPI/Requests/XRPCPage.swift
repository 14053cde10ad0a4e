/// Paging parameters every feed and list shares: `limit` (1-100) and the opaque `cursor`.
public struct XRPCPage: Sendable, Equatable {
    public var limit: Int
    public var cursor: String?

    public init(limit: Int = 100, cursor: String? = nil) {
        self.limit = min(max(limit, 1), 100)
        self.cursor = cursor
    }

    var parameters: [(name: String, value: String)] {
        [("limit", String(limit))] + (cursor.map { [("cursor", $0)] } ?? [])
    }
}
