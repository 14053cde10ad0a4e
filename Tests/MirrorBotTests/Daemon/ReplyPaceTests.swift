import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Synchronization
import Testing

/// Who said no, in memory (PostgreSQL's is `PostgresOptOutStore`).
actor MemoryOptOuts: OptOutStore {
    private(set) var list: [OptOut] = []

    func isOptedOut(authorID: String, username: String?) -> Bool { list.contains { $0.authorID == authorID } }

    func optOut(authorID: String?, username: String?, reason: String, at date: Date) -> Bool {
        guard !list.contains(where: { $0.authorID == authorID }) else { return false }
        list.append(OptOut(authorID: authorID, username: username, reason: reason, at: date))
        return true
    }

    func removeOptOut(authorID: String?, username: String?) -> Int { 0 }
    func optOuts() -> [OptOut] { list }
}

/// The human's posts as the network sees them: the ids in `gone` were deleted.
actor DeletedSources: PostLookupNetwork, WithdrawalStore {
    var gone: Set<String> = []
    private(set) var withdrawn: [String] = []

    nonisolated var lookupBatchSize: Int { 100 }
    func delete(_ ids: [String]) { gone.formUnion(ids) }
    func missingPosts(among ids: [String]) -> Set<String> { gone.intersection(ids) }
    func markWithdrawn(_ ids: [String], at date: Date) -> Int {
        withdrawn += ids
        return ids.count
    }
    func markChecked(_ ids: [String], at date: Date) {}
    func withdrawnCount() -> Int { withdrawn.count }
    func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) -> [String] { [] }
}

@Suite("Replies at the human's pace (REPLY_PACE=human) on a manual clock")
struct ReplyPaceTests: OnLoopWorld {
    /// 2027-01-15T08:00:00Z, a Friday; the human posts from 08:00 to 22:59 UTC.
    let world = LoopWorld()
    var claims: InMemoryMentionClaims { world.mentionClaims }
    let optOuts = MemoryOptOuts()
    let sources = DeletedSources()

    /// The human's history: originals at 08:00-22:59, and `delays` replies to user 7 each `delay`
    /// after the post it answered (ids of `SecondsIDClock`), sent at 12:00.
    func human(delays: Int = 25, delay: TimeInterval = 1800) async {
        let day = HumanHistory.midnight
        var history = HumanHistory.originals { at, past, hour in Post(id: "o\(past)-\(hour)", text: "今日 \(hour)", createdAt: at) }
        for n in 0..<delays {
            let sent = day.addingTimeInterval(Double(-(n + 1) * 86_400 + 12 * 3600))
            history.append(Post(
                id: "r\(n)", text: "@user7 そうだね \(n)", createdAt: sent, inReplyToUserID: "7", inReplyToScreenName: "user7",
                inReplyToPostID: "s\(Int(sent.addingTimeInterval(-delay).timeIntervalSince1970))"))
        }
        await posts.store(history)
    }

    func pace(polls: PollPace = .human) -> PaceKeeper {
        PaceKeeper(
            replies: .human, polls: polls, rhythm: posts, timings: posts, idClock: SecondsIDClock(), timeZone: .gmt, clock: clock,
            log: log.logger, seed: 9)
    }

    func loop(_ pace: PaceKeeper, claims: (any MentionClaims)? = nil, withTakeBacks: Bool = false) -> ReplyLoop {
        let settings = DaemonSettings(
            dryRun: false, pollInterval: .seconds(300), learnInterval: .seconds(1200), replyLimitPerHour: 3, likeLimitPerDay: 10,
            timeZone: .gmt, owner: "test")
        return ReplyLoop(
            bot: network, botAccount: network.account, replies: posts, texts: posts.texts, cursors: cursors, claims: claims ?? self.claims,
            clock: clock, settings: settings, log: log.logger,
            sources: withTakeBacks ? SourceCheck(network: sources, store: sources, clock: clock, log: log.logger) : nil,
            consent: withTakeBacks ? Consent(optOuts: optOuts, clock: clock, log: log.logger) : nil, pace: pace)
    }

    func mention(_ id: Int, from author: String = "7", secondsAgo: Double = 60) -> NetworkPost {
        NetworkPost(
            id: String(id), text: "@mirror やあ \(id)", createdAt: clock.now().addingTimeInterval(-secondsAgo), authorID: author,
            authorUsername: "user\(author)")
    }

    @Test("a mention is held for the human's delay: not answered a second before it, answered at it, once; the wait never passes it")
    func answeredAtDueTime() async throws {
        await human()
        let replies = loop(pace())
        network.addMentions([mention(101)], of: network.account.id)
        let wait = try await replies.runOnce()
        #expect(network.writes.isEmpty)
        #expect(log.events("reply_held").count == 1)
        let due = clock.now().addingTimeInterval(1740)
        #expect(await claims.records["101"]?.dueAt == due)
        #expect(wait == .seconds(300))

        clock.advance(1500)
        #expect(try await replies.runOnce() == .seconds(240))  // cut at the held reply
        clock.advance(239)
        _ = try await replies.runOnce()
        #expect(network.writes.isEmpty)
        clock.advance(1)
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(await claims.records["101"]?.state == .replied)
        clock.advance(600)
        _ = try await replies.runOnce()
        #expect(network.writes.count == 1)
        #expect(log.events("reply_pace_fallback").isEmpty)
    }

    @Test("a drawn time in the human's quiet hours moves to their next active hour; polls are 30 minutes apart meanwhile")
    func movedOutOfQuietHours() async throws {
        await human()
        clock.set(Date(timeIntervalSince1970: 1_799_971_200 + 22.75 * 3600))  // 22:45Z: +30 min is 23:15, quiet
        let replies = loop(pace())
        network.addMentions([mention(101, secondsAgo: 0)], of: network.account.id)
        _ = try await replies.runOnce()
        let due = try #require(await claims.records["101"]?.dueAt)
        let morning = Date(timeIntervalSince1970: 1_799_971_200 + 86_400 + 8 * 3600)
        #expect(due >= morning && due < morning.addingTimeInterval(3600))

        clock.set(Date(timeIntervalSince1970: 1_799_971_200 + 26 * 3600))  // 02:00Z
        #expect(try await replies.runOnce() == .seconds(1800))
        clock.set(morning.addingTimeInterval(-1))
        _ = try await replies.runOnce()
        #expect(network.writes.isEmpty)
        clock.set(due)
        _ = try await replies.runOnce()
        #expect(network.writes.map(\.kind) == [.reply(to: "101")])
        #expect(network.writes.first.map { $0.at >= morning } == true)
    }

    @Test("a held reply is not sent when its author said stop, or the human deleted its source, while it waited")
    func takeBacksWhileHeld() async throws {
        await human()
        await posts.store([Post(id: "x1", text: "@user8 またね", createdAt: Date(timeIntervalSince1970: 1_700_000_000), inReplyToUserID: "8", inReplyToScreenName: "user8")])
        let replies = loop(pace(), withTakeBacks: true)
        network.addMentions([mention(101, from: "7"), mention(102, from: "8")], of: network.account.id)
        _ = try await replies.runOnce()
        #expect(await claims.records.values.filter(\.isDue).count == 2)

        // Meanwhile user 7 asks the bot to stop, and the human deletes their only reply to user 8.
        network.addMentions([NetworkPost(id: "103", text: "@mirror stop", createdAt: clock.now(), authorID: "7", authorUsername: "user7")], of: network.account.id)
        _ = try await replies.runOnce()
        await sources.delete(["x1"])
        clock.advance(3 * 3600)
        _ = try await replies.runOnce()
        #expect(network.writes.isEmpty)
        #expect(await claims.records["101"]?.state == .skipped)
        #expect(await claims.records["102"]?.state == .silent)
        #expect(await sources.withdrawn == ["x1"])
    }

    @Test("two daemons on one store: a held reply is sent exactly once")
    func twoDaemons() async throws {
        await human()
        let first = loop(pace())
        let second = loop(pace())
        network.addMentions([mention(101), mention(102, from: "7", secondsAgo: 30)], of: network.account.id)
        _ = try await first.runOnce()
        _ = try await second.runOnce()
        clock.advance(3600)
        async let a = first.runOnce()
        async let b = second.runOnce()
        _ = try await (a, b)
        _ = try await first.runOnce()
        #expect(network.writes.map(\.kind).sorted { "\($0)" < "\($1)" } == [.reply(to: "101"), .reply(to: "102")])
    }

    @Test("with fewer than 20 known delays the fallback is used, said in one line")
    func fallbackSaidOnce() async throws {
        await human(delays: 5)
        let keeper = pace()
        let replies = loop(keeper)
        network.addMentions([mention(101)], of: network.account.id)
        _ = try await replies.runOnce()
        clock.advance(7 * 3600)
        network.addMentions([mention(102)], of: network.account.id)
        _ = try await replies.runOnce()
        #expect(log.events("reply_pace_fallback").count == 1)
        #expect(log.events("reply_pace_fallback").first?.contains("delays=5 needed=20") == true)
        let due = try #require(await claims.records["102"]?.dueAt)
        let held = due.timeIntervalSince(clock.now().addingTimeInterval(-60))
        #expect(held >= 120 && held < 10_800)
    }
}
