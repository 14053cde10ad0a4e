import BlueskyAPI
import Foundation

/// A like record.
struct FakeBlueskyLike: Sendable, Equatable {
    var uri: String
    var cid: String
    var did: String
    var record: BlueskyLikeRecord
    var order: Int
}
