import MirrorBot

/// Where the day's spend is kept so a restart keeps it (`x_spend`, migration 014): one row a
/// UTC day and endpoint, added to as the adapter counts.
public protocol SpendStore: Sendable {
    /// Adds one count to `day`'s row for `line.endpoint` (requests, resources, dollars).
    func addSpend(_ line: SpendLine, day: String) async throws
    /// `day`'s rows, by endpoint.
    func spend(day: String) async throws -> [SpendLine]
    /// Records that `ids` were read on `day` (`api_paid_reads`, migration 022; days before are
    /// forgotten); returns those not read before that day, each once: the ones to pay for.
    func firstReads(of ids: [String], day: String) async throws -> Set<String>
}

/// One endpoint's count over a day: requests sent, resources (posts) the answers carried or
/// writes made, and their estimated price.
public struct SpendLine: Sendable, Equatable {
    /// What the network calls it, e.g. `GET /2/users/:id/timelines/reverse_chronological`.
    public var endpoint: String
    public var requests: Int
    public var resources: Int
    public var dollars: Double

    public init(endpoint: String, requests: Int, resources: Int, dollars: Double) {
        self.endpoint = endpoint
        self.requests = requests
        self.resources = resources
        self.dollars = dollars
    }
}

extension SpendLine {
    /// Nothing yet for `endpoint`.
    public static func zero(_ endpoint: String) -> SpendLine { SpendLine(endpoint: endpoint, requests: 0, resources: 0, dollars: 0) }

    /// `other`'s counts added to these.
    public mutating func add(_ other: SpendLine) {
        requests += other.requests
        resources += other.resources
        dollars += other.dollars
    }
}

/// What a post costs on the network: the X adapter's price table says (a URL, a reply).
public protocol PostPricing: Sendable {
    func price(ofPost text: String, reply: Bool) -> Double
    /// Whether the network counts `text` as a post containing a URL.
    func hasURL(_ text: String) -> Bool
    /// What carrying `pictures` uploads costs, `described` of them with a metadata request.
    func price(ofPictures pictures: Int, described: Int) -> Double
}

extension PostPricing {
    /// Nothing, on a network that does not bill uploads.
    public func price(ofPictures pictures: Int, described: Int) -> Double { 0 }
}
