/// `com.atproto.identity.resolveHandle`: the DID behind a handle.
public struct ResolveHandle: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var did: String
    }

    public static let nsid = "com.atproto.identity.resolveHandle"

    public var handle: String

    public init(handle: String) { self.handle = handle }

    public var parameters: [(name: String, value: String)] { [("handle", handle)] }
}
