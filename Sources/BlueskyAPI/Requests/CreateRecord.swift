import APIClientCore
import Foundation

/// `com.atproto.repo.createRecord` with a record key chosen by the caller before
/// the first attempt: a retry cannot make a second record (`.refusedWhenRepeated`). Its
/// stored properties are the input, as JSON.
public struct CreateRecord<Record: Encodable & Sendable>: XRPCRequest, Encodable {
    public struct Response: Sendable, Codable, Equatable {
        public var uri: String
        public var cid: String
    }

    public static var nsid: String { "com.atproto.repo.createRecord" }
    public static var isProcedure: Bool { true }

    /// The session's DID.
    public var repo: String
    public var collection: String
    public var rkey: String
    public var record: Record

    public var replay: Replay { .refusedWhenRepeated }
    /// A post (not a like or a repost) is published: before reads in its server's line.
    public var publishes: Bool { collection == BlueskyPostRecord.type }

    public func input() throws -> Data? { try XRPCJSON.encode(self) }
}
