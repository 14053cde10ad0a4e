import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

/// Mentions whose answer was interrupted (`ReplyLoop.resumeInterrupted`): claimed by a daemon
/// or host that died, or whose reply went out while PostgreSQL was away.
@Suite("Reply loop: interrupted answers")
struct ReplyInterruptedTests: OnLoopWorld {
    let world = LoopWorld()
    var claims: InMemoryMentionClaims { world.mentionClaims }

    func loop() -> ReplyLoop {
        ReplyLoop(
            bot: network, botAccount: network.account, replies: posts, texts: posts.texts, cursors: cursors, claims: claims,
            clock: clock, settings: DaemonSettings.testing(), log: log.logger)
    }

    /// A mention from @user7 made `minutesAgo`, read (the cursor past it) and claimed
    /// `claimedSecondsAgo`, its answer never finished.
    func interrupted(_ id: Int, minutesAgo: Double = 15, claimedSecondsAgo: TimeInterval) async -> NetworkPost {
        let mention = NetworkPost(
            id: String(id), text: "@mirror やあ \(id)", createdAt: clock.now().addingTimeInterval(-minutesAgo * 60),
            authorID: "7", authorUsername: "user7")
        network.addMentions([mention], of: network.account.id)
        await cursors.setCursor("bot_mentions", to: StreamPosition(String(id)))
        #expect(await claims.claimMention(mention, at: clock.now().addingTimeInterval(-claimedSecondsAgo), since: clock.now()) == 0)
        return mention
    }

    /// The bot's own post, `minutesAgo`, answering `mention` when given.
    func botPost(_ id: Int, minutesAgo: Double, answering mention: NetworkPost? = nil) -> NetworkPost {
        NetworkPost(
            id: String(id), text: "@user7 一", createdAt: clock.now().addingTimeInterval(-minutesAgo * 60), authorID: network.account.id,
            authorUsername: network.account.username, inReplyToUserID: mention?.authorID, inReplyToPostID: mention?.id)
    }

    func humanReplied() async {
        await posts.store([
            Post(id: "r1", text: "@user7 一", createdAt: Date(timeIntervalSince1970: 1_700_000_000), inReplyToUserID: "7", inReplyToScreenName: "user7")
        ])
    }

    @Test("a claim interrupted before its reply went out is answered, once: looked for every 10 minutes, interrupted 40 minutes after the claim, answered at the next round")
    func answered() async throws {
        await humanReplied()
        _ = await interrupted(101, minutesAgo: 40, claimedSecondsAgo: 35 * 60)
        let replies = loop()
        _ = try await replies.runOnce()
        // 35 minutes on, it may still be answered by a living daemon: left alone.
        #expect(network.writes.isEmpty)
        #expect(await claims.records["101"]?.state == nil)
        // 40 minutes on, but looked for 5 minutes ago: not yet.
        clock.advance(300)
        _ = try await replies.runOnce()
        #expect(log.events("replies_interrupted").isEmpty)
        clock.advance(300)
        _ = try await replies.runOnce()
        #expect(log.events("replies_interrupted").count == 1)
        #expect(log.events("replies_interrupted").first?.contains("loop=replies found=0 resumed=1 unknown=0") == true)
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await claims.records["101"]?.state == .replied)

        clock.advance(3600)
        _ = try await replies.runOnce()
        _ = try await loop().runOnce()
        #expect(network.writes.count == 1)
    }

    @Test("a claim whose reply is among the bot's posts is recorded as replied with it, and not answered again")
    func foundAmongPosts() async throws {
        await humanReplied()
        let mention = await interrupted(101, minutesAgo: 45, claimedSecondsAgo: 41 * 60)
        network.addPosts([botPost(900, minutesAgo: 41, answering: mention), botPost(901, minutesAgo: 5)], of: network.account.id)
        _ = try await loop().runOnce()
        _ = try await loop().runOnce()
        #expect(network.writes.isEmpty)
        let record = await claims.records["101"]
        #expect(record?.state == .replied)
        #expect(record?.replyID == "900")
        #expect(record?.reason == "found among the bot's posts after an interruption")
        #expect(log.events("replies_interrupted").count == 1)
        #expect(log.events("replies_interrupted").first?.contains("loop=replies found=1 resumed=0 unknown=0") == true)
    }

    @Test("when the bot's posts cannot be read, new mentions are answered, and the claim waits for the next look")
    func unreadablePosts() async throws {
        await humanReplied()
        _ = await interrupted(101, minutesAgo: 45, claimedSecondsAgo: 41 * 60)
        network.addMentions([NetworkPost(id: "102", text: "@mirror また", createdAt: clock.now(), authorID: "7", authorUsername: "user7")], of: network.account.id)
        network.failSentPosts([.failed(endpoint: "GET /api/users/notes", status: 503, detail: "down")])
        let replies = loop()
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "102")])
        #expect(await claims.records["101"]?.state == nil)
        #expect(log.events("interrupted_replies_unchecked").first?.contains("count=1") == true)

        clock.advance(600)
        _ = try await replies.runOnce()
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "102"), .reply(to: "101")])
    }

    @Test("a claim older than the bot's latest posts read is skipped, said in its reason: whether it was answered is unknown")
    func olderThanLookBack() async throws {
        await humanReplied()
        _ = await interrupted(101, minutesAgo: 600, claimedSecondsAgo: 41 * 60)
        network.addPosts((0..<ReplyLoop.interruptedLookBack).map { botPost(1000 + $0, minutesAgo: 500 - Double($0)) }, of: network.account.id)
        _ = try await loop().runOnce()
        #expect(network.writes.isEmpty)
        let record = await claims.records["101"]
        #expect(record?.state == .skipped)
        #expect(record?.reason?.contains("whether it was answered is unknown") == true)
        #expect(log.events("replies_interrupted").first?.contains("loop=replies found=0 resumed=0 unknown=1") == true)
    }

    @Test("a reply that went out while its claim could not be finished (PostgreSQL away) is found by a later round, not sent twice")
    func sentUnrecorded() async throws {
        await humanReplied()
        let mention = await interrupted(101, minutesAgo: 1, claimedSecondsAgo: 0)
        let sent = try await network.post(text: "一", inReplyTo: mention)
        clock.advance(ReplyLoop.interruptedAfter)
        _ = try await loop().runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await claims.records["101"]?.state == .replied)
        #expect(await claims.records["101"]?.replyID == sent)
    }
}
