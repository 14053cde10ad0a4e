import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

@Suite("Reply loop on a manual clock")
struct ReplyLoopTests: OnLoopWorld {
    let world = LoopWorld()
    var claims: InMemoryMentionClaims { world.mentionClaims }

    func loop(limit: Int = 3) -> ReplyLoop {
        let settings = DaemonSettings.testing(replyLimitPerHour: limit)
        return ReplyLoop(
            bot: network, botAccount: network.account, replies: posts, texts: posts.texts, cursors: cursors, claims: claims,
            clock: clock, settings: settings, log: log.logger)
    }

    func mention(_ id: Int, from author: String, minutesAgo: Double = 1) -> NetworkPost {
        NetworkPost(
            id: String(id), text: "@mirror やあ \(id)", createdAt: clock.now().addingTimeInterval(-minutesAgo * 60),
            authorID: author, authorUsername: "user\(author)")
    }

    /// The human replied `texts` to `userID` in the past.
    func humanReplied(_ texts: [String], to userID: String) async {
        await posts.store(texts.enumerated().map { index, text in
            Post(id: "r\(userID)-\(index)", text: "@user\(userID) \(text)", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                 inReplyToUserID: userID, inReplyToScreenName: "user\(userID)")
        })
    }

    @Test("at most REPLY_LIMIT_PER_HOUR replies to one person an hour; the rest are skipped, and an hour later answered again; the mentions are read while answering (soon in their server's line)")
    func hourlyLimit() async throws {
        await humanReplied(["一", "二", "三", "四"], to: "7")
        network.addMentions((101...103).map { mention($0, from: "7") }, of: network.account.id)
        _ = try await loop(limit: 2).runOnce()
        #expect(network.writes.count == 2)
        #expect(log.events("reply_skipped").count == 1)
        #expect(log.events("reply_skipped").first?.contains("reply limit: 2 replies to @user7 in the last hour") == true)

        clock.advance(3601)
        network.addMentions([mention(104, from: "7")], of: network.account.id)
        _ = try await loop(limit: 2).runOnce()
        #expect(network.writes.count == 3)
        #expect(network.writes.last?.kind == .reply(to: "104"))
        // Sent while publishing: its requests go first in their server's line.
        #expect(network.writes.allSatisfy { $0.publishing })
        // The mentions read while answering: soon, before the background reads.
        #expect(network.mentionReadsAnswering == [true, true])
    }

    @Test("on a first run only the last hour's mentions are answered, then everything new")
    func firstRunWindow() async throws {
        await humanReplied(["一", "二"], to: "7")
        network.addMentions([mention(101, from: "7", minutesAgo: 120), mention(102, from: "7", minutesAgo: 10)], of: network.account.id)
        let replies = loop()
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "102")])
        #expect(await cursors.cursor("bot_mentions") == "102")

        network.addMentions([mention(103, from: "7", minutesAgo: 200)], of: network.account.id)
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "102"), .reply(to: "103")])
    }

    @Test("a stored position the network cannot read is logged and the mentions read as on a first run: the last hour's, each once")
    func unreadablePosition() async throws {
        await humanReplied(["一", "二"], to: "7")
        await cursors.setCursor("bot_mentions", to: "at://did:plc:old/app.bsky.feed.post/3k")
        network.addMentions([mention(101, from: "7", minutesAgo: 120), mention(102, from: "7", minutesAgo: 10)], of: network.account.id)
        _ = try await loop().runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "102")])
        #expect(await cursors.cursor("bot_mentions") == "102")
        let unreadable = log.events("stream_position_unreadable")
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.contains("stream=bot_mentions") == true)

        // A restart (a new loop) reads from the position stored: nothing is answered twice.
        _ = try await loop().runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "102")])
        #expect(log.events("stream_position_unreadable").count == 1)
    }

    @Test("a fresh bot answers no mention before its first learning round has stored the human's replies: then it answers, not silence")
    func waitsForLearning() async throws {
        network.addMentions([mention(101, from: "7")], of: network.account.id)
        let learned = Milestone()
        let replies = ReplyLoop(
            bot: network, botAccount: network.account, replies: posts, texts: posts.texts, cursors: cursors, claims: claims,
            clock: clock, settings: DaemonSettings.testing(), log: log.logger, learned: learned)
        let round = Task { try await replies.runOnce() }
        for _ in 0..<1_000 where log.events("replies_waiting").isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(log.events("replies_waiting").count == 1)
        #expect(network.mentionReadsAnswering.isEmpty)
        #expect(await claims.records["101"] == nil)
        // The learning round stores the human's replies, then is reached.
        await humanReplied(["一"], to: "7")
        learned.reach()
        _ = try await round.value
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(log.events("reply_silent").isEmpty)
    }

    @Test("someone the human never answered gets silence, once")
    func silence() async throws {
        network.addMentions([mention(101, from: "8")], of: network.account.id)
        _ = try await loop().runOnce()
        _ = try await loop().runOnce()
        #expect(network.writes.isEmpty)
        #expect(log.events("reply_silent").count == 1)
        #expect(await claims.records["101"]?.state == .silent)
    }

    @Test("a claim is released when nothing was sent, so the next round answers the mention")
    func releasedClaim() async throws {
        await humanReplied(["一"], to: "7")
        network.addMentions([mention(101, from: "7")], of: network.account.id)
        network.failPosts([.rateLimited(endpoint: "POST /2/tweets", resetAt: clock.now())])
        await #expect(throws: NetworkError.self) { try await loop().runOnce() }
        #expect(await claims.records["101"] == nil)
        #expect(await cursors.cursor("bot_mentions") == nil)

        _ = try await loop().runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(network.writes.first?.text == "一")  // the human's leading @mention is dropped
    }

    @Test("a reply refused by a limit spent for hours defers replies, in one line; mentions go on being read")
    func deferredReplies() async throws {
        await humanReplied(["一"], to: "7")
        network.addMentions([mention(101, from: "7")], of: network.account.id)
        await cursors.setCursor("bot_mentions", to: "100")
        let reset = clock.now().addingTimeInterval(3 * 3600)
        network.failPosts(Array(repeating: .rateLimited(endpoint: "POST /api/v1/statuses", resetAt: reset), count: 2))
        let loop = loop()
        #expect(try await loop.runOnce() == .seconds(300))
        #expect(try await loop.runOnce() == .seconds(300))
        #expect(network.writes.isEmpty)
        #expect(await claims.records["101"] == nil)
        #expect(await cursors.cursor("bot_mentions") == "100")
        let deferred = log.events("replies_deferred")
        #expect(deferred.count == 1)
        #expect(deferred.first?.contains("resume_at=\(Logger.timestamp(reset))") == true)

        clock.advance(3 * 3600)
        _ = try await loop.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await cursors.cursor("bot_mentions") == "101")
    }
}
