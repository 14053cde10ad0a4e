import Foundation
import MirrorBot
import Testing

/// `CursorStore`: InMemoryCursors and PostgresActionStore.
@Suite("Contract: CursorStore")
struct CursorStoreContractTests {
    @Test("a stream has no cursor until one is set; the last set wins, per stream", arguments: StoreKind.allCases)
    func lastSetWins(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            #expect(try await stores.cursors.cursor("bot_mentions") == nil)
            try await stores.cursors.setCursor("bot_mentions", to: "100")
            try await stores.cursors.setCursor("bot_mentions", to: "99")
            try await stores.cursors.setCursor("human_posts", to: "opaque:cursor/2")
            #expect(try await stores.cursors.cursor("bot_mentions") == "99")
            #expect(try await stores.cursors.cursor("human_posts") == "opaque:cursor/2")
        }
    }
}

/// `MentionClaims`: InMemoryMentionClaims and PostgresActionStore.
@Suite("Contract: MentionClaims")
struct MentionClaimsContractTests {
    @Test("a mention is claimed once; a released claim can be claimed again, a finished one never", arguments: StoreKind.allCases)
    func claimOnce(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let since = Date().addingTimeInterval(-3600)
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m1", author: "a"), at: Date(), since: since) == 0)
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m1", author: "a"), at: Date(), since: since) == nil)
            try await stores.mentions.releaseMention("m1")
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m1", author: "a"), at: Date(), since: since) == 0)
            try await stores.mentions.finishMention("m1", state: .silent, reason: "no reply fits", replyID: nil, text: nil)
            try await stores.mentions.releaseMention("m1")
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m1", author: "a"), at: Date(), since: since) == nil)
        }
    }

    @Test("a claim counts the author's replies finished since the given time, not silent ones nor other authors'", arguments: StoreKind.allCases)
    func hourlyCount(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let hourAgo = Date().addingTimeInterval(-3600)
            for (id, author) in [("m1", "a"), ("m2", "a"), ("m3", "a"), ("m4", "b")] {
                #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention(id, author: author), at: Date(), since: hourAgo) != nil)
            }
            try await stores.mentions.finishMention("m1", state: .replied, reason: nil, replyID: "r1", text: "hi")
            try await stores.mentions.finishMention("m2", state: .replied, reason: nil, replyID: "r2", text: "hello")
            try await stores.mentions.finishMention("m3", state: .silent, reason: "limit", replyID: nil, text: nil)
            try await stores.mentions.finishMention("m4", state: .replied, reason: nil, replyID: "r4", text: "yo")
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m5", author: "a"), at: Date(), since: hourAgo) == 2)
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m6", author: "b"), at: Date(), since: hourAgo) == 1)
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m7", author: "c"), at: Date(), since: hourAgo) == 0)
            let later = Date().addingTimeInterval(3600)
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m8", author: "a"), at: Date(), since: later) == 0)
        }
    }
}

/// `MentionClaims`' held mentions (REPLY_PACE=human): InMemoryMentionClaims and PostgresActionStore.
@Suite("Contract: held mentions")
struct HeldMentionContractTests {
    static let base = Date(timeIntervalSince1970: 1_800_000_000)

    static func mention(_ id: String, author: String = "a") -> NetworkPost {
        NetworkPost(
            id: id, text: "@mirror やあ", createdAt: Self.base, authorID: author, authorUsername: "user\(author)", inReplyToUserID: "2",
            replyTarget: #"{"root":"x"}"#, inReplyToPostID: "1")
    }

    @Test("a held mention is given back as the network served it once due, the earliest first; held or claimed, never held or claimed again", arguments: StoreKind.allCases)
    func heldOnce(_ kind: StoreKind) async throws {
        let base = Self.base
        try await ContractStores.with(kind) { (stores) async throws in
            #expect(try await stores.mentions.nextDueMention() == nil)
            #expect(try await stores.mentions.holdMention(Self.mention("m2"), dueAt: base.addingTimeInterval(600)))
            #expect(try await stores.mentions.holdMention(Self.mention("m1"), dueAt: base.addingTimeInterval(300)))
            #expect(try await stores.mentions.holdMention(Self.mention("m1"), dueAt: base) == false)
            #expect(try await stores.mentions.claimMention(HeldMentionContractTests.mention("m1", author: "a"), at: Date(), since: base) == nil)
            #expect(try await stores.mentions.nextDueMention() == base.addingTimeInterval(300))
            #expect(try await stores.mentions.dueMentions(at: base.addingTimeInterval(299), limit: 10).isEmpty)
            #expect(try await stores.mentions.dueMentions(at: base.addingTimeInterval(600), limit: 10) == [Self.mention("m1"), Self.mention("m2")])
            #expect(try await stores.mentions.dueMentions(at: base.addingTimeInterval(600), limit: 1) == [Self.mention("m1")])
            // Not yet due: not taken.
            #expect(try await stores.mentions.takeDueMention("m2", authorID: "a", now: base.addingTimeInterval(599), since: base) == nil)
        }
    }

    @Test("a due mention is taken once (of two daemons, one); released, it is due again; finished, never again", arguments: StoreKind.allCases)
    func takenOnce(_ kind: StoreKind) async throws {
        let base = Self.base
        try await ContractStores.with(kind) { stores in
            let now = base.addingTimeInterval(1000)
            #expect(try await stores.mentions.holdMention(Self.mention("m1"), dueAt: base))
            #expect(try await stores.mentions.takeDueMention("m1", authorID: "a", now: now, since: base) == 0)
            #expect(try await stores.mentions.takeDueMention("m1", authorID: "a", now: now, since: base) == nil)
            #expect(try await stores.mentions.dueMentions(at: now, limit: 10).isEmpty)
            try await stores.mentions.releaseMention("m1")
            #expect(try await stores.mentions.dueMentions(at: now, limit: 10) == [Self.mention("m1")])
            #expect(try await stores.mentions.takeDueMention("m1", authorID: "a", now: now, since: base) == 0)
            try await stores.mentions.finishMention("m1", state: .replied, reason: nil, replyID: "r1", text: "hi")
            try await stores.mentions.releaseMention("m1")
            #expect(try await stores.mentions.dueMentions(at: now, limit: 10).isEmpty)
            #expect(try await stores.mentions.nextDueMention() == nil)
            #expect(try await stores.mentions.takeDueMention("m1", authorID: "a", now: now, since: base) == nil)
        }
    }

    @Test("a claim neither finished nor released is interrupted once older than the cutoff, held ones never; resumed once, it is due, and taken it is claimed anew", arguments: StoreKind.allCases)
    func interrupted(_ kind: StoreKind) async throws {
        let base = Self.base
        try await ContractStores.with(kind) { stores in
            let claims = stores.mentions
            #expect(try await claims.claimMention(Self.mention("m1"), at: base, since: base) == 0)
            #expect(try await claims.claimMention(Self.mention("m2", author: "b"), at: base.addingTimeInterval(300), since: base) == 0)
            #expect(try await claims.claimMention(Self.mention("m3"), at: base, since: base) == 0)
            try await claims.finishMention("m3", state: .replied, reason: nil, replyID: "r3", text: "hi")
            #expect(try await claims.holdMention(Self.mention("m4"), dueAt: base))
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(-1), limit: 10).isEmpty)
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(299), limit: 10) == [Self.mention("m1")])
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(600), limit: 10)
                == [Self.mention("m1"), Self.mention("m2", author: "b")])
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(600), limit: 1) == [Self.mention("m1")])
            // Resumed once (of two daemons, one), and only when claimed by the cutoff.
            #expect(try await claims.resumeMention("m2", claimedBefore: base.addingTimeInterval(299), dueAt: base) == false)
            #expect(try await claims.resumeMention("m1", claimedBefore: base.addingTimeInterval(600), dueAt: base.addingTimeInterval(600)))
            #expect(try await claims.resumeMention("m1", claimedBefore: base.addingTimeInterval(600), dueAt: base.addingTimeInterval(600)) == false)
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(600), limit: 10) == [Self.mention("m2", author: "b")])
            #expect(try await claims.dueMentions(at: base.addingTimeInterval(600), limit: 10) == [Self.mention("m4"), Self.mention("m1")])
            // Taken, it is claimed anew: interrupted again only past the new claim.
            #expect(try await claims.takeDueMention("m1", authorID: "a", now: base.addingTimeInterval(700), since: base) != nil)
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(699), limit: 10) == [Self.mention("m2", author: "b")])
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(700), limit: 10)
                == [Self.mention("m2", author: "b"), Self.mention("m1")])
            // Released after it was resumed, it is due again rather than forgotten.
            try await claims.releaseMention("m1")
            #expect(try await claims.dueMentions(at: base.addingTimeInterval(700), limit: 10) == [Self.mention("m4"), Self.mention("m1")])
            try await claims.finishMention("m2", state: .replied, reason: "found", replyID: "r2", text: "yo")
            #expect(try await claims.interruptedMentions(claimedBefore: base.addingTimeInterval(9999), limit: 10).isEmpty)
        }
    }
}

/// `ReplyTimingSource`: InMemoryPostStore and PostgresPostStore.
@Suite("Contract: ReplyTimingSource")
struct ReplyTimingContractTests {
    @Test("the newest replies first, with the answered post's id; originals and Misskey's own-thread replies left out; a later import fills a missing id", arguments: StoreKind.allCases)
    func timings(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let base = Date(timeIntervalSince1970: 1_800_000_000)
            _ = try await stores.posts.store([
                Post(id: "1", text: "original", createdAt: base),
                Post(id: "2", text: "@bob yes", createdAt: base.addingTimeInterval(60), inReplyToUserID: "b", inReplyToPostID: "90"),
                Post(id: "3", text: "@carol no", createdAt: base.addingTimeInterval(120), inReplyToUserID: "c"),
                Post(id: "4", text: "and then", createdAt: base.addingTimeInterval(180), inReplyToUserID: "misskey:self", inReplyToPostID: "1"),
            ])
            #expect(try await stores.timings.replyTimings(limit: 10) == [
                ReplyTiming(sentAt: base.addingTimeInterval(120), answeredID: nil),
                ReplyTiming(sentAt: base.addingTimeInterval(60), answeredID: "90"),
            ])
            #expect(try await stores.timings.replyTimings(limit: 1).count == 1)
            _ = try await stores.posts.store([
                Post(id: "3", text: "@carol no", createdAt: base.addingTimeInterval(120), inReplyToUserID: "c", inReplyToPostID: "91")
            ])
            #expect(try await stores.timings.replyTimings(limit: 1) == [ReplyTiming(sentAt: base.addingTimeInterval(120), answeredID: "91")])
        }
    }
}

/// `LikeClaims`: InMemoryLikeClaims and PostgresActionStore.
@Suite("Contract: LikeClaims")
struct LikeClaimsContractTests {
    let day = LocalDate(year: 2026, month: 12, day: 2)

    @Test("a post is claimed once; a release frees a claim, never a finished like", arguments: StoreKind.allCases)
    func claimOnce(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 2.5, day: day) == 0)
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 2.5, day: day) == nil)
            try await stores.likes.releaseLike("p1")
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 2.5, day: day) == 0)
            try await stores.likes.finishLike("p1", state: .liked, reason: nil)
            try await stores.likes.releaseLike("p1")
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 2.5, day: day) == nil)
        }
    }

    @Test("a claim counts the day's claimed and liked posts, not would-like or skipped ones nor other days'", arguments: StoreKind.allCases)
    func dailyCount(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let yesterday = LocalDate(year: 2026, month: 12, day: 1)
            #expect(try await stores.likes.claimLike("old", authorID: "a", authorUsername: nil, ratio: 3, day: yesterday) == 0)
            try await stores.likes.finishLike("old", state: .liked, reason: nil)
            for id in ["liked", "claimed", "would", "skipped"] {
                #expect(try await stores.likes.claimLike(id, authorID: "a", authorUsername: nil, ratio: 3, day: day) != nil)
            }
            try await stores.likes.finishLike("liked", state: .liked, reason: nil)
            try await stores.likes.finishLike("would", state: .wouldLike, reason: "DRY_RUN")
            try await stores.likes.finishLike("skipped", state: .skipped, reason: "deleted")
            #expect(try await stores.likes.claimLike("next", authorID: "b", authorUsername: nil, ratio: 3, day: day) == 2)
        }
    }
}

/// `LikeClaims`' held likes (REPLY_PACE=human): InMemoryLikeClaims and PostgresActionStore.
@Suite("Contract: held likes")
struct HeldLikeContractTests {
    static let base = Date(timeIntervalSince1970: 1_800_000_000)
    let day = LocalDate(year: 2027, month: 1, day: 15)

    static func like(_ id: String, dueIn seconds: TimeInterval) -> HeldLike {
        HeldLike(
            post: NetworkPost(id: id, text: "猫 \(id)", createdAt: base, authorID: "a", authorUsername: "alice", replyTarget: #"{"root":"x"}"#),
            ratio: 4.25, threshold: ThresholdInForce(value: 0.184, basis: .calibrated(share: 0.048, posts: 8717, recent: 1415)),
            features: ["猫", "@alice"], dueAt: base.addingTimeInterval(seconds))
    }

    @Test("a claimed like is held and given back as decided once due, the earliest first; it counts toward its day; never claimed again", arguments: StoreKind.allCases)
    func heldOnce(_ kind: StoreKind) async throws {
        let base = Self.base
        try await ContractStores.with(kind) { stores in
            #expect(try await stores.likes.nextDueLike() == nil)
            for (id, due) in [("p2", 600.0), ("p1", 300.0)] {
                #expect(try await stores.likes.claimLike(id, authorID: "a", authorUsername: "alice", ratio: 4.25, day: day) != nil)
                try await stores.likes.holdLike(Self.like(id, dueIn: due))
            }
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 4.25, day: day) == nil)
            #expect(try await stores.likes.claimLike("p3", authorID: "a", authorUsername: "alice", ratio: 4.25, day: day) == 2)
            #expect(try await stores.likes.nextDueLike() == base.addingTimeInterval(300))
            #expect(try await stores.likes.dueLikes(at: base.addingTimeInterval(299), limit: 10).isEmpty)
            #expect(
                try await stores.likes.dueLikes(at: base.addingTimeInterval(600), limit: 10) == [Self.like("p1", dueIn: 300), Self.like("p2", dueIn: 600)])
            #expect(try await stores.likes.dueLikes(at: base.addingTimeInterval(600), limit: 1) == [Self.like("p1", dueIn: 300)])
            #expect(try await stores.likes.takeDueLike("p2", now: base.addingTimeInterval(599)) == false)
        }
    }

    @Test("a due like is taken once (of two daemons, one); released, it is due again; finished, never again", arguments: StoreKind.allCases)
    func takenOnce(_ kind: StoreKind) async throws {
        let base = Self.base
        try await ContractStores.with(kind) { stores in
            let now = base.addingTimeInterval(1000)
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 4.25, day: day) == 0)
            try await stores.likes.holdLike(Self.like("p1", dueIn: 0))
            #expect(try await stores.likes.takeDueLike("p1", now: now))
            #expect(try await stores.likes.takeDueLike("p1", now: now) == false)
            #expect(try await stores.likes.dueLikes(at: now, limit: 10).isEmpty)
            try await stores.likes.releaseLike("p1")
            #expect(try await stores.likes.dueLikes(at: now, limit: 10) == [Self.like("p1", dueIn: 0)])
            #expect(try await stores.likes.takeDueLike("p1", now: now))
            try await stores.likes.finishLike("p1", state: .skipped, reason: "the author said no while the like was held")
            try await stores.likes.releaseLike("p1")
            #expect(try await stores.likes.dueLikes(at: now, limit: 10).isEmpty)
            #expect(try await stores.likes.nextDueLike() == nil)
            #expect(try await stores.likes.takeDueLike("p1", now: now) == false)
            #expect(try await stores.likes.claimLike("p1", authorID: "a", authorUsername: "alice", ratio: 4.25, day: day) == nil)
        }
    }
}

/// `TrainingMarks`: InMemoryTrainingMarks and PostgresActionStore.
@Suite("Contract: TrainingMarks")
struct TrainingMarksContractTests {
    @Test("a post is learned once per category; forgetTrained undoes it; trained names the learned ones", arguments: StoreKind.allCases)
    func markOnce(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            #expect(try await stores.marks.markTrained([], as: .favorite).isEmpty)
            #expect(try await stores.marks.markTrained(["1", "2"], as: .favorite) == ["1", "2"])
            #expect(try await stores.marks.markTrained(["2", "3"], as: .favorite) == ["3"])
            #expect(try await stores.marks.markTrained(["2"], as: .normal) == ["2"])
            #expect(try await stores.marks.trained(["1", "2", "3", "4"], as: .favorite) == ["1", "2", "3"])
            try await stores.marks.forgetTrained(["1", "2"], as: .favorite)
            #expect(try await stores.marks.trained(["1", "2", "3"], as: .favorite) == ["3"])
            #expect(try await stores.marks.trained(["2"], as: .normal) == ["2"])
            #expect(try await stores.marks.trained([], as: .normal).isEmpty)
        }
    }

    @Test("forgetTraining forgets the learned posts and the human streams' cursors, keeping the bot's", arguments: StoreKind.allCases)
    func forgetTraining(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            _ = try await stores.marks.markTrained(["1", "2"], as: .favorite)
            _ = try await stores.marks.markTrained(["3"], as: .normal)
            try await stores.cursors.setCursor("human_posts", to: "10")
            try await stores.cursors.setCursor("human_home", to: "11")
            try await stores.cursors.setCursor("bot_mentions", to: "12")
            try await stores.marks.forgetTraining()
            #expect(try await stores.marks.trained(["1", "2"], as: .favorite).isEmpty)
            #expect(try await stores.marks.trained(["3"], as: .normal).isEmpty)
            #expect(try await stores.cursors.cursor("human_posts") == nil)
            #expect(try await stores.cursors.cursor("human_home") == nil)
            #expect(try await stores.cursors.cursor("bot_mentions") == "12")
        }
    }
}
