import APIClientTestSupport
import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

@Suite("Likes at the human's pace (REPLY_PACE=human) on a manual clock")
struct LikePaceTests {
    /// 2027-01-15T08:00:00Z; the human posts from 08:00 to 22:59 UTC (quiet: 23:00-07:59).
    let clock = ManualClock()
    let network: ScriptedNetwork
    let classifier = InMemoryClassifier()
    let claims = InMemoryLikeClaims()
    let cursors = InMemoryCursors()
    let posts = InMemoryPostStore()
    let optOuts = MemoryOptOuts()
    let log = LogRecorder()
    static let midnight = Date(timeIntervalSince1970: 1_799_971_200)  // 2027-01-15T00:00:00Z

    init() {
        network = ScriptedNetwork(clock: clock)
    }

    /// The human's originals at 08:00-22:59 for ten days (the rhythm the quiet hours come from),
    /// and a classifier that likes cats and not meetings.
    func human() async throws {
        var history: [Post] = []
        for past in 1...10 {
            for hour in 8...22 {
                let at = Self.midnight.addingTimeInterval(Double(-past * 86_400 + hour * 3600))
                history.append(Post(id: "o\(past)-\(hour)", text: "今日 \(hour)", createdAt: at))
            }
        }
        await posts.store(history)
        for _ in 0..<10 {
            try await classifier.train(text: "猫 かわいい", author: nil, as: .favorite)
            try await classifier.train(text: "会議 資料", author: nil, as: .normal)
        }
    }

    func loop(replies: ReplyPace = .human, polls: PollPace = .human, claims: (any LikeClaims)? = nil, seed: UInt64 = 5) -> LikeLoop {
        let pace = PaceKeeper(
            replies: replies, polls: polls, rhythm: posts, timings: posts, idClock: SecondsIDClock(), timeZone: .gmt, clock: clock,
            log: log.logger, seed: seed)
        return LikeLoop(
            bot: network, botAccount: network.account, classifier: classifier, cursors: cursors, claims: claims ?? self.claims, clock: clock,
            settings: .testing(likeLimitPerDay: 200), log: log.logger, consent: Consent(optOuts: optOuts, clock: clock, log: log.logger),
            pace: pace)
    }

    /// A cat post (liked) by `author`, made now; ids grow with the clock.
    func cat(_ n: Int, author: String = "5") -> NetworkPost {
        NetworkPost(
            id: String(Int(clock.now().timeIntervalSince1970) * 100 + n), text: "猫 \(n)", createdAt: clock.now(), authorID: author,
            authorUsername: "friend\(author)")
    }

    /// Runs the loop on the clock until `end`, sleeping each wait it returns; `arrivals` adds
    /// posts to the home timeline before each round. The loop's waits, in order.
    @discardableResult
    func run(_ likes: LikeLoop, until end: Date, arrivals: (Date) -> [NetworkPost] = { _ in [] }) async throws -> [Duration] {
        var waits: [Duration] = []
        while clock.now() < end {
            network.addHome(arrivals(clock.now()), of: network.account.id)
            let wait = try await likes.runOnce()
            waits.append(wait)
            clock.advance(wait.seconds)
        }
        return waits
    }

    var liked: [(post: String, at: Date)] {
        network.writes.compactMap { if case .like(let id) = $0.kind { (id, $0.at) } else { nil } }
    }

    @Test("the likes decided at one poll go out at spread times before the next poll, each at its due time, once")
    func spreadBeforeNextPoll() async throws {
        try await human()
        let start = clock.now()
        network.addHome((1...6).map { cat($0) }, of: network.account.id)
        let likes = loop()
        let first = try await likes.runOnce()
        #expect(network.writes.isEmpty)
        #expect(log.events("like_held").count == 6)
        let held = await claims.held()
        #expect(held.count == 6)
        #expect(held.allSatisfy { $0.dueAt >= start && $0.dueAt < start.addingTimeInterval(300) })
        #expect(first == .seconds(held[0].dueAt.timeIntervalSince(start)))  // never past the first held like
        clock.advance(first.seconds)
        try await run(likes, until: start.addingTimeInterval(300))
        #expect(liked.map(\.post).sorted() == held.map(\.post.id).sorted())
        // Each sent at its own due time, so the loop slept past none of them.
        #expect(liked.map(\.at) == held.map(\.dueAt))
        let spread = held.map(\.dueAt).map { $0.timeIntervalSince(start) }
        #expect(Set(spread.map { Int($0 / 60) }).count >= 3)  // not all at the poll's minute
        #expect(log.events("liked").count == 6)
        #expect(log.events("liked").allSatisfy { $0.contains("features=猫") })
        // A poll later nothing is sent again.
        try await run(likes, until: start.addingTimeInterval(1200))
        #expect(liked.count == 6)
    }

    @Test("over an evening and a night: no like in a quiet hour; the night's go out in the next active hour; every post liked once")
    func noneInQuietHours() async throws {
        try await human()
        clock.set(Self.midnight.addingTimeInterval(21 * 3600))  // 21:00Z
        let start = clock.now()
        var arrived: [NetworkPost] = []
        var nextArrival = start
        let lastArrival = Self.midnight.addingTimeInterval(32.5 * 3600)  // 08:30Z the next day
        try await run(loop(), until: Self.midnight.addingTimeInterval(33.5 * 3600)) { now in
            var new: [NetworkPost] = []
            while nextArrival <= now, nextArrival <= lastArrival {
                new.append(NetworkPost(
                    id: String(Int(nextArrival.timeIntervalSince1970)), text: "猫 \(new.count)", createdAt: nextArrival, authorID: "5",
                    authorUsername: "friend5"))
                nextArrival = nextArrival.addingTimeInterval(600)
            }
            arrived += new
            return new
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        #expect(arrived.count > 60)
        #expect(liked.map(\.post).sorted() == arrived.map(\.id).sorted())
        #expect(liked.filter { !(8...22).contains(calendar.component(.hour, from: $0.at)) }.isEmpty)
        let morning = Self.midnight.addingTimeInterval(32 * 3600)  // 08:00Z the next day
        for post in arrived {
            let at = try #require(liked.first { $0.post == post.id }?.at)
            switch calendar.component(.hour, from: post.createdAt) {
            case 8...21:
                // Read at the next poll (at most 5 minutes later), sent before the one after it.
                #expect(at.timeIntervalSince(post.createdAt) < 600)
            case 22:
                #expect(at.timeIntervalSince(post.createdAt) < 600 || (at >= morning && at < morning.addingTimeInterval(3600)))
            default:
                // Read in the night (polls 30 minutes apart), sent in the next active hour.
                #expect(at >= morning && at < morning.addingTimeInterval(3600))
            }
        }
        // The night's likes are not all at the same minute.
        let nightLikes = liked.filter { $0.at >= morning }.map { Int($0.at.timeIntervalSince(morning) / 60) }
        #expect(Set(nightLikes).count > 10)
    }

    @Test("a stop from the author while the like is held wins: skipped, not sent")
    func stopWhileHeld() async throws {
        try await human()
        let start = clock.now()
        let (stopping, other) = (cat(1, author: "5"), cat(2, author: "6"))
        network.addHome([stopping, other], of: network.account.id)
        let likes = loop()
        _ = try await likes.runOnce()
        #expect(await claims.held().count == 2)
        _ = await optOuts.optOut(authorID: "5", username: "friend5", reason: "asked to stop", at: clock.now())
        clock.advance(1)
        try await run(likes, until: start.addingTimeInterval(600))
        #expect(liked.map(\.post) == [other.id])
        let stopped = try #require(await claims.records[stopping.id])
        #expect(stopped.state == .skipped)
        #expect(stopped.reason == "the author said no while the like was held")
        #expect(log.events("left_alone").count == 1)
    }

    @Test("a post deleted while its like was held: refused, logged, skipped, never tried again")
    func deletedWhileHeld() async throws {
        try await human()
        let start = clock.now()
        let post = cat(1)
        network.addHome([post], of: network.account.id)
        network.failLikes([.failed(endpoint: "POST /2/users/:id/likes", status: 404, detail: "Not Found")])
        try await run(loop(), until: start.addingTimeInterval(3600))
        #expect(network.writes.isEmpty)
        #expect(await claims.records[post.id]?.state == .skipped)
        #expect(log.events("like_refused").count == 1)
        #expect(await claims.held().isEmpty)
    }

    @Test("refused for the access level on the first held like: said once, the others logged as would-like and not tried")
    func refusedWhileHeld() async throws {
        try await human()
        let start = clock.now()
        network.addHome((1...3).map { cat($0) }, of: network.account.id)
        network.failLikes([.likesNotPermitted(detail: "client-not-enrolled")])
        try await run(loop(), until: start.addingTimeInterval(300))
        #expect(network.writes.isEmpty)
        #expect(log.events("likes_unavailable").count == 1)
        #expect(log.events("would_like").count == 3)
        #expect(await claims.posts(in: .wouldLike).count == 3)
    }

    @Test("a restart keeps the held likes and sends each once; a like held before a switch to REPLY_PACE=immediate is sent too")
    func restart() async throws {
        try await human()
        let start = clock.now()
        network.addHome((1...4).map { cat($0) }, of: network.account.id)
        _ = try await loop().runOnce()
        let held = await claims.held()
        #expect(held.count == 4)
        // A new process on the same store, its cursor forgotten (the timeline read again), immediate now.
        await cursors.setCursor("bot_home", to: "0")
        try await run(loop(replies: .immediate), until: start.addingTimeInterval(600))
        #expect(liked.map(\.post).sorted() == held.map(\.post.id).sorted())
        #expect(liked.map(\.at) == held.map(\.dueAt))
    }

    @Test("REPLY_PACE=immediate: the likes go out at the poll, as before issue 27")
    func immediate() async throws {
        try await human()
        let start = clock.now()
        network.addHome((1...3).map { cat($0) }, of: network.account.id)
        #expect(try await loop(replies: .immediate).runOnce() == .seconds(300))
        #expect(liked.count == 3)
        #expect(liked.allSatisfy { $0.at == start })
        #expect(log.events("like_held").isEmpty)
    }
}
