import MirrorBot

/// An answer of the status server, before any socket: status, headers and body.
public struct StatusResponse: Sendable, Equatable {
    public var status: Int
    /// Name and value pairs, Content-Type first.
    public var headers: [Header]
    public var body: String

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(status: Int, contentType: String, body: String, extraHeaders: [Header] = []) {
        self.status = status
        self.body = body
        headers = [Header("Content-Type", contentType)] + Self.common + extraHeaders
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// On every answer: never cached, never sniffed as another type, never framed, no referrer.
    static let common = [
        Header("Cache-Control", "no-store"),
        Header("X-Content-Type-Options", "nosniff"),
        Header("X-Frame-Options", "DENY"),
        Header("Referrer-Policy", "no-referrer"),
    ]
}
