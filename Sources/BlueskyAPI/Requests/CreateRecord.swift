import APIClientCore
import Foundation

/// `com.atproto.repo.createRecord` with a record key chosen by the caller before
/// the first attempt: a retry cannot make a second record (`.refusedWhenRepeated`).
public struct CreateRecord<Record: Encodable & Sendable>: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var uri: String
        public var cid: String
    }

    public static var nsid: String { "com.atproto.repo.createRecord" }
    public static var isProcedure: Bool { true }

    /// Where the record goes: its authority is the session's DID.
    public var uri: ATURI
    public var record: Record

    public init(uri: ATURI, record: Record) {
        self.uri = uri
        self.record = record
    }

    public var replay: Replay { .refusedWhenRepeated }

    public func input() throws -> Data? {
        try XRPCJSON.encode(RepoRecordInput(uri, record: record))
    }
}
