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

    public var uri: ATURI

    public init(uri: ATURI) { self.uri = uri }

    public var parameters: [(name: String, value: String)] {
        [("repo", uri.authority), ("collection", uri.collection), ("rkey", uri.rkey)]
    }
}
