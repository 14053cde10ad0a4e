import APIClientCore
import Foundation

/// `com.atproto.repo.deleteRecord`: deletes one of the session's own records. Deleting a
/// record that is not there is no error, so a retry is harmless.
public struct DeleteRecord: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public struct Commit: Sendable, Codable, Equatable {
            public var cid: String
            public var rev: String
        }

        public var commit: Commit?
    }

    public static var nsid: String { "com.atproto.repo.deleteRecord" }
    public static var isProcedure: Bool { true }

    /// The record; its authority is the session's DID.
    public var record: ATURI

    public init(_ record: ATURI) { self.record = record }

    public func input() throws -> Data? {
        try XRPCJSON.encode(["repo": record.authority, "collection": record.collection, "rkey": record.rkey])
    }
}
