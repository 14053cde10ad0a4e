/// A request a fake server answered (or dropped), as its tests read it.
public protocol RecordedRequest: Sendable {
    /// The endpoint template, e.g. `GET /2/users/:id/tweets` (the path when unknown).
    var endpoint: String { get }
}

/// The requests a fake server answered, oldest first. A long-running fake (the
/// demo, a soak) keeps the newest: past `limit`, the older half is dropped.
public struct RequestLog<Record: RecordedRequest>: Sendable {
    public static var limit: Int { 50_000 }

    public private(set) var records: [Record] = []

    public init() {}

    public mutating func append(_ record: Record) {
        if records.count >= Self.limit { records.removeFirst(records.count / 2) }
        records.append(record)
    }

    /// How many requests reached `endpoint`.
    public func count(endpoint: String) -> Int {
        records.reduce(0) { $0 + ($1.endpoint == endpoint ? 1 : 0) }
    }
}
