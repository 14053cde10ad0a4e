/// `com.atproto.server.getSession`: who the access token is.
public struct GetSession: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var handle: String
        public var did: String
    }

    public static let nsid = "com.atproto.server.getSession"

    public init() {}
}
