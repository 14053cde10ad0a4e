import Foundation
import MirrorBot
import Testing

/// `PlanStore` and `SlotClaims`: InMemoryPlanStore and PostgresScheduleStore.
@Suite("Contract: PlanStore and SlotClaims")
struct PlanStoreContractTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    let day = LocalDate(year: 2026, month: 12, day: 2)

    /// Stores the plan 01:40, 03:20 of `day` and claims 01:40.
    func claimFirstOfTwo(_ stores: ContractStores) async throws {
        _ = try await stores.plans.storePlan([100, 200], for: day, timeZone: "UTC")
        #expect(try await stores.plans.claim(day, minute: 100, owner: "a", now: now))
    }

    @Test("a day has no plan until one is stored; the first stored plan is kept, in minute order; removePlans forgets them", arguments: StoreKind.allCases)
    func firstPlanKept(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let day = LocalDate(year: 2026, month: 12, day: 1)
            #expect(try await stores.plans.plan(for: day) == nil)
            let stored = try await stores.plans.storePlan([30, 10, 20], for: day, timeZone: "UTC")
            #expect(stored.map(\.minute) == [10, 20, 30])
            #expect(stored.allSatisfy { $0.state == .planned && $0.date == day })
            #expect(try await stores.plans.storePlan([40, 50], for: day, timeZone: "UTC") == stored)
            #expect(try await stores.plans.plan(for: day) == stored)
            try await stores.plans.removePlans()
            #expect(try await stores.plans.plan(for: day) == nil)
        }
    }

    @Test("a stored plan is reused after a restart, never re-drawn", arguments: StoreKind.allCases)
    func planIsStored(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store((0..<50).map { post("\($0)", "text \($0)", day: 1 + $0 % 5, ($0 * 7) % 24, $0 % 60) })
            let day = LocalDate(year: 2026, month: 11, day: 30)
            var first = SeededGenerator(seed: 1)
            var second = SeededGenerator(seed: 999)
            let plan = try await stores.scheduler().plan(for: day, using: &first)
            let again = try await stores.scheduler().plan(for: day, using: &second)
            #expect(!plan.isEmpty)
            #expect(plan == again)
        }
    }

    @Test("a slot moves planned -> posting -> posted once, and a posted slot is never skipped or claimed again", arguments: StoreKind.allCases)
    func slotStates(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await claimFirstOfTwo(stores)
            #expect(try await stores.plans.claim(day, minute: 100, owner: "b", now: now) == false)
            try await stores.plans.markPosted(day, minute: 100, sourcePostID: "7", postedID: "555", text: "hello", at: now)
            try await stores.plans.markSkipped(day, minute: 200, reason: "no post fits")
            try await stores.plans.markSkipped(day, minute: 100, reason: "must not overwrite a posted slot")
            let slots = try #require(try await stores.plans.plan(for: day))
            #expect(slots.map(\.state) == [.posted, .skipped])
            #expect(slots.first?.postedAt == now)
            #expect(slots[0].postedID == "555")
            #expect(slots[0].text == "hello")
            #expect(slots[0].reason == nil)
            #expect(slots[1].reason == "no post fits")
            #expect(try await stores.plans.claim(day, minute: 100, owner: "c", now: now) == false)
            #expect(try await stores.plans.claim(day, minute: 200, owner: "c", now: now) == false)
        }
    }

    @Test("a released claim is planned again; releasing a posted slot changes nothing", arguments: StoreKind.allCases)
    func release(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await claimFirstOfTwo(stores)
            #expect(try await stores.plans.plan(for: day)?.first?.state == .posting)
            try await stores.plans.releaseClaim(day, minute: 100)
            #expect(try await stores.plans.plan(for: day)?.first?.state == .planned)
            #expect(try await stores.plans.claim(day, minute: 200, owner: "a", now: now))
            try await stores.plans.markPosted(day, minute: 200, sourcePostID: "7", postedID: "8", text: "t", at: now)
            try await stores.plans.releaseClaim(day, minute: 200)
            #expect(try await stores.plans.plan(for: day)?.last?.state == .posted)
        }
    }

    @Test("a slot left in posting by a dead daemon is skipped, not posted again", arguments: StoreKind.allCases)
    func interruptedSlots(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let day = LocalDate(year: 2026, month: 12, day: 3)
            _ = try await stores.plans.storePlan([300, 400], for: day, timeZone: "UTC")
            #expect(try await stores.plans.claim(day, minute: 300, owner: "dead", now: now))
            #expect(try await stores.plans.claim(day, minute: 400, owner: "alive", now: now.addingTimeInterval(900)))
            #expect(try await stores.plans.skipInterrupted(claimedBefore: now.addingTimeInterval(600)) == 1)
            let slots = try #require(try await stores.plans.plan(for: day))
            #expect(slots.first?.state == .skipped)
            #expect(slots.first?.reason == "interrupted while posting")
            #expect(slots.last?.state == .posting)
        }
    }

    @Test("slots still planned on past days are skipped as the day ended; the given day's stay planned", arguments: StoreKind.allCases)
    func pastSlots(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let yesterday = LocalDate(year: 2026, month: 12, day: 1)
            let today = LocalDate(year: 2026, month: 12, day: 2)
            _ = try await stores.plans.storePlan([100, 200, 300], for: yesterday, timeZone: "UTC")
            _ = try await stores.plans.storePlan([100], for: today, timeZone: "UTC")
            #expect(try await stores.plans.claim(yesterday, minute: 200, owner: "a", now: now))
            try await stores.plans.markPosted(yesterday, minute: 300, sourcePostID: "1", postedID: "2", text: "t", at: now)
            #expect(try await stores.plans.skipPastSlots(before: today) == 1)
            let past = try #require(try await stores.plans.plan(for: yesterday))
            #expect(past.map(\.state) == [.skipped, .posting, .posted])
            #expect(past[0].reason == SlotSkip.dayEnded.stored)
            #expect(try await stores.plans.plan(for: today)?.map(\.state) == [.planned])
        }
    }
}

/// `PostStore` and `ReplySource`: InMemoryPostStore and PostgresPostStore.
@Suite("Contract: PostStore and ReplySource")
struct PostStoreContractTests {
    @Test("the same id stored twice is one row", arguments: StoreKind.allCases)
    func idempotentInsert(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind, limit: 100) { stores in
            let post = Post(id: "100", text: "こんにちは", createdAt: utc("2024-05-01T10:00:00Z"))
            #expect(try await stores.posts.store([post, post]) == 1)
            #expect(try await stores.posts.store([post]) == 0)
            #expect(try await stores.posts.count() == 1)
            try await stores.posts.removeAll()
            #expect(try await stores.posts.count() == 0)
        }
    }

    @Test("POST_LIMIT keeps the newest posts; the oldest go first", arguments: StoreKind.allCases)
    func limitCap(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind, limit: 3) { stores in
            let posts = (0..<5).map { index in
                Post(id: "\(index)", text: "post \(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60))
            }
            try await stores.posts.store(Array(posts[0..<2]))
            try await stores.posts.store(Array(posts[2..<5]))
            #expect(try await stores.posts.count() == 3)
            // Post i is at minute 1_700_000_000 / 60 + i of its day: the kept ones are 2, 3 and 4.
            let first = MinuteOfDay.of(posts[0].createdAt, in: .gmt)
            let distribution = try await stores.rhythm.minuteDistribution()
            #expect((0..<5).map { distribution.counts[first + $0] } == [0, 0, 1, 1, 1])
        }
    }

    @Test("a post stored without facets takes the text and facets of its record when it comes again, and only then", arguments: StoreKind.allCases)
    func facetsArrive(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let bare = Post(id: "1", text: "see example.com", createdAt: utc("2024-05-01T10:00:00Z"))
            var rich = bare
            rich.text = "see https://example.com"
            rich.facets = #"[{"index":{"byteStart":4,"byteEnd":23}}]"#
            try await stores.posts.store([bare])
            #expect(try await stores.posts.store([rich]) == 0)
            var plain = rich
            plain.text = "changed without facets"
            plain.facets = nil
            try await stores.posts.store([plain])
            let picked = try await stores.picker.pickPost(near: 600, window: 720, allowMentions: true, allowWarned: false, notSince: Date(timeIntervalSince1970: 0))
            #expect(picked?.text == "see https://example.com")
            #expect(try await stores.posts.count() == 1)
        }
    }

    @Test("replies are found by user id, else by screen name among replies an export stored with actor URLs", arguments: StoreKind.allCases)
    func repliesByIDOrName(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([
                post("1", "to 42 first", 9, 0, replyTo: "42"),
                post("2", "to 42 second", 9, 1, replyTo: "42"),
                Post(id: "3", text: "to alice by url", createdAt: utc("2024-03-01T09:02:00Z"),
                     inReplyToUserID: "https://social.example/users/alice", inReplyToScreenName: "Alice"),
                Post(id: "4", text: "to alice by id", createdAt: utc("2024-03-01T09:03:00Z"),
                     inReplyToUserID: "77", inReplyToScreenName: "alice"),
                post("5", "an original", 9, 4),
            ])
            #expect(Set(try await stores.replies.replies(to: "42", limit: 10)) == ["to 42 first", "to 42 second"])
            #expect(try await stores.replies.replies(to: "42", limit: 1).count == 1)
            #expect(Set(try await stores.replies.replies(to: "42", username: "alice", limit: 10)) == ["to 42 first", "to 42 second"])
            #expect(try await stores.replies.replies(to: "99", username: "ALICE", limit: 10) == ["to alice by url"])
            #expect(try await stores.replies.replies(to: "99", limit: 10).isEmpty)
            #expect(try await stores.replies.replies(to: "99", username: nil, limit: 10).isEmpty)
        }
    }
}

/// `RhythmSource`: InMemoryPostStore and PostgresScheduleStore.
@Suite("Contract: RhythmSource")
struct RhythmSourceContractTests {
    @Test("the distribution is computed in the time zone, replies left out", arguments: StoreKind.allCases)
    func distributionInTimeZone(_ kind: StoreKind) async throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        try await ContractStores.with(kind, timeZone: tokyo) { stores in
            try await stores.posts.store([
                post("1", "夜", 23, 30), post("2", "夜2", day: 2, 23, 30), post("3", "reply", 1, 0, replyTo: "9"),
            ])
            let distribution = try await stores.rhythm.minuteDistribution()
            #expect(distribution.total == 2)
            #expect(distribution.counts[510] == 2)
            let daily = try await stores.rhythm.dailyCounts()
            #expect(daily == DailyCounts(counts: [1, 1]))
        }
    }

    @Test("daily counts span the history with empty days as zero", arguments: StoreKind.allCases)
    func dailyCountsWithGaps(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([post("1", "a", day: 1, 9, 0), post("2", "b", day: 1, 10, 0), post("3", "c", day: 4, 9, 0)])
            #expect(try await stores.rhythm.dailyCounts() == DailyCounts(counts: [2, 0, 0, 1]))
        }
    }

    @Test("the closest gap is between two originals, replies left out; none with fewer than two", arguments: StoreKind.allCases)
    func closestGap(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([post("1", "a", 9, 0), post("2", "reply", 9, 1, replyTo: "5")])
            #expect(try await stores.rhythm.closestPostGap() == nil)
            try await stores.posts.store([post("3", "b", 9, 10), post("4", "c", 9, 40)])
            #expect(try await stores.rhythm.closestPostGap() == 600)
        }
    }
}

/// `PostPicker` and `BotTextStore`: InMemoryPostStore with InMemoryBotTexts, and PostgresScheduleStore.
@Suite("Contract: PostPicker and BotTextStore")
struct PostPickerContractTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("the picker's window wraps around midnight and never picks replies", arguments: StoreKind.allCases)
    func pickerWrapsMidnight(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([
                post("late", "23:50 の投稿", 23, 50),
                post("reply", "00:05 の返信", 0, 5, replyTo: "42"),
                post("noon", "12:00 の投稿", 12, 0),
            ])
            for _ in 0..<10 {
                let picked = try await stores.scheduler().pick(for: 10, now: now)
                #expect(picked?.post.id == "late")
                #expect(picked?.window == 30)
            }
        }
    }

    @Test("mentions are left out unless POST_MENTIONS is true", arguments: StoreKind.allCases)
    func mentionsExcluded(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([post("m", "@friend おはよう", 8, 0), post("empty", "", 8, 1)])
            #expect(try await stores.scheduler(mentions: false).pick(for: 480, now: now) == nil)
            #expect(try await stores.scheduler(mentions: true).pick(for: 480, now: now)?.post.id == "m")
        }
    }

    @Test("the window widens step by step when nothing is near", arguments: StoreKind.allCases)
    func widening(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([post("far", "far away", 14, 0)])
            let picked = try await stores.scheduler().pick(for: 8 * 60, now: now)
            #expect(picked?.post.id == "far")
            #expect(picked?.window == 720)
        }
    }

    @Test("never-posted texts first, then the one posted longest ago, never within 24 hours, never a refused one", arguments: StoreKind.allCases)
    func postedHistory(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([post("a", "text A", 9, 0), post("b", "text B", 9, 1), post("c", "text C", 9, 2)])
            let scheduler = stores.scheduler()
            try await stores.texts.recordPosted(text: "text A", at: now.addingTimeInterval(-3 * 86_400))
            try await stores.texts.recordPosted(text: "text B", at: now.addingTimeInterval(-2 * 86_400))
            for _ in 0..<5 { #expect(try await scheduler.pick(for: 540, now: now)?.post.id == "c") }
            try await stores.texts.recordPosted(text: "text C", at: now.addingTimeInterval(-3600))
            for _ in 0..<5 { #expect(try await scheduler.pick(for: 540, now: now)?.post.id == "a") }
            try await stores.texts.markRefused(text: "text A", at: now)
            for _ in 0..<5 { #expect(try await scheduler.pick(for: 540, now: now)?.post.id == "b") }
            try await stores.texts.recordPosted(text: "text B", at: now.addingTimeInterval(-60))
            #expect(try await scheduler.pick(for: 540, now: now) == nil)
        }
    }

    @Test("used texts are the ones posted or refused", arguments: StoreKind.allCases)
    func usedTexts(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.texts.recordPosted(text: "投稿した 'quote' $1", at: now)
            try await stores.texts.markRefused(text: "断られた", at: now)
            let used = try await stores.texts.usedTexts(["投稿した 'quote' $1", "断られた", "まだ"])
            #expect(used == ["投稿した 'quote' $1", "断られた"])
            #expect(try await stores.texts.usedTexts([]).isEmpty)
        }
    }
}
