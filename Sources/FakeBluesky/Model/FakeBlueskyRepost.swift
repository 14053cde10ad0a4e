import BlueskyAPI
import Foundation

/// A repost of `subject` by `did`.
struct FakeBlueskyRepost: Sendable, Equatable {
    var did: String
    var subject: String
    var indexedAt: Date
    var order: Int
}
