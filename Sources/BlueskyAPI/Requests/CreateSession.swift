import Foundation

/// `com.atproto.server.createSession`: logs in with a handle or DID and an app password.
/// Bluesky allows 30 a 5 minutes and 300 a day per account: `BlueskySessions` keeps and refreshes sessions instead.
public struct CreateSession: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var accessJwt: String
        public var refreshJwt: String
        public var handle: String
        public var did: String
    }

    public static let nsid = "com.atproto.server.createSession"
    public static let isProcedure = true

    public var identifier: String
    var password: String

    public var credential: XRPCCredential { .none }

    public func input() throws -> Data? {
        try XRPCJSON.encode(["identifier": identifier, "password": password])
    }
}
