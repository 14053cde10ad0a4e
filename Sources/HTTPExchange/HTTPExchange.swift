/// What a handler sees of a request: the method and the path exactly as sent
/// (no %XX decoding, no query string; nothing else is read).
public struct HTTPRequestHead: Sendable, Equatable {
    public var method: String
    public var path: String

    public init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}

/// A complete answer: the status, headers and body, copied to the server at once.
public struct HTTPReply: Sendable, Equatable {
    public var status: Int
    public var headers: [Header]
    public var body: [UInt8]

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(status: Int, headers: [Header], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
