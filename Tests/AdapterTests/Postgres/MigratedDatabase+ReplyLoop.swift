import APIClientTestSupport
import CoreTestSupport
import MirrorBot
import MirrorBotPostgres
import TestSupport

extension MigratedDatabase {
    /// A daemon's reply loop as after a restart: `bot` as its network, the cursors and claims in
    /// this database over a new connection, and the human's replies from `posts`.
    func restartedReplyLoop(
        bot: any SocialNetwork, botAccount: Account, posts: InMemoryPostStore, clock: ManualClock, log: LogRecorder
    ) async throws -> ReplyLoop {
        let store = PostgresActionStore(connection: try await database.connect())
        return ReplyLoop(
            bot: bot, botAccount: botAccount, replies: posts, texts: posts.texts, cursors: store, claims: store, clock: clock,
            settings: .testing(replyLimitPerHour: 10), log: log.logger)
    }
}
