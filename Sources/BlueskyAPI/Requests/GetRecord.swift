import Foundation

/// `com.atproto.repo.getRecord`: one record of a repository, straight from its PDS
/// (no AppView delay): how a write without an answer is checked.
public struct GetRecord<Value: Decodable & Sendable>: XRPCRequest {
    public struct Response: Sendable, Decodable {
        public var uri: String
        public var cid: String?
        public var value: Value
    }

    public static var nsid: String { "com.atproto.repo.getRecord" }

    public var record: ATURI

    public init(_ record: ATURI) { self.record = record }

    public var parameters: [(name: String, value: String)] {
        [("repo", record.authority), ("collection", record.collection), ("rkey", record.rkey)]
    }
}
