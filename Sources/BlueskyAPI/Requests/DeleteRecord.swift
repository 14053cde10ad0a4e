import APIClientCore
import Foundation

/// `com.atproto.repo.deleteRecord`: deletes one of the session's own records. Deleting a
/// record that is not there is no error, so a retry is harmless. Its stored properties are
/// the input, as JSON.
public struct DeleteRecord: XRPCRequest, Encodable {
    public struct Response: Sendable, Codable, Equatable {
        public struct Commit: Sendable, Codable, Equatable {
            public var cid: String
            public var rev: String
        }

        public var commit: Commit?
    }

    public static var nsid: String { "com.atproto.repo.deleteRecord" }
    public static var isProcedure: Bool { true }

    /// The session's DID.
    public var repo: String
    public var collection: String
    public var rkey: String

    public init(repo: String, collection: String, rkey: String) {
        self.repo = repo
        self.collection = collection
        self.rkey = rkey
    }

    public func input() throws -> Data? { try XRPCJSON.encode(self) }
}
