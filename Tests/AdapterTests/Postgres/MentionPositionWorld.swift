import APIClientTestSupport
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotPostgres
import TestSupport
import Testing

/// A fake network whose mentions are read by notification positions, and a reply loop that
/// restarts over PostgreSQL (Mastodon, Misskey).
protocol MentionPositionWorld: Sendable {
    var friendID: String { get }
    var posts: InMemoryPostStore { get }
    var log: LogRecorder { get }
    /// The posts the bot's replies on the fake answered, in order.
    var replies: [String] { get }
    /// A daemon's reply loop: a new network and a new connection each time (a restart).
    func loop(_ db: MigratedDatabase) async throws -> ReplyLoop
    /// The friend posts `text` (a mention of the bot); returns its id.
    func friendMentions(_ text: String) -> String
}

extension MentionPositionWorld {
    /// Mentions are answered once across restarts; the stored position is a notification's, and
    /// a bare post id stored instead (what an older version stored: the newest mention's id) is
    /// read as a first run, the claims keeping each mention answered once.
    func mentionsAnsweredOnceAcrossRestarts(_ db: MigratedDatabase) async throws {
        await posts.store(["やあ", "元気だよ", "またね"].enumerated().map { index, text in
            Post(id: "r\(index)", text: "@friend \(text)", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                 inReplyToUserID: friendID, inReplyToScreenName: "friend")
        })
        let first = friendMentions("@mirror 元気？")
        _ = try await loop(db).runOnce()
        #expect(replies == [first])
        let stored = try #require(try await PostgresActionStore(connection: db.connection).cursor("bot_mentions"))
        #expect(stored.value.hasPrefix("notification:"))

        _ = try await loop(db).runOnce()
        #expect(replies == [first])
        let second = friendMentions("@mirror また？")
        _ = try await loop(db).runOnce()
        #expect(replies == [first, second])

        try await PostgresActionStore(connection: db.connection).setCursor("bot_mentions", to: StreamPosition(second))
        let third = friendMentions("@mirror 三回目")
        _ = try await loop(db).runOnce()
        #expect(replies == [first, second, third])
        #expect(log.events("stream_position_unreadable").count == 1)
        #expect(try await PostgresActionStore(connection: db.connection).cursor("bot_mentions")?.value.hasPrefix("notification:") == true)
    }
}
