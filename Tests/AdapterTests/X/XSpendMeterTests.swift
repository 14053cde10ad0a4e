import APIClientTestSupport
import CoreTestSupport
import FakeX
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotSpend
import MirrorBotX
import TestSupport
import Testing
import XAPI

@Suite("What X costs, counted by the X adapter against fake-x and kept in PostgreSQL")
struct XSpendMeterTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let server = FakeXServer()

    @Test("each page is counted with the posts it returned (a post read twice in one UTC day paid once), posts at their price; a restart keeps the day")
    func countsAndKeeps() async throws {
        let db = try await MigratedDatabase.make()
        defer { Task { try? await db.database.drop() } }
        let human = server.addUser(id: "1", username: "human")
        server.addUser(id: "3", username: "friend")
        server.follow("1", "3")
        try server.start()
        defer { server.stop() }
        for n in 0..<3 { server.addTweet(authorID: "3", text: "post \(n)", createdAt: clock.now() - Double(100 - n)) }
        server.addTweet(authorID: "3", text: "@human hi", createdAt: clock.now() - 50)

        let ledger = SpendLedger(budget: nil, pricing: XPriceTable(), store: nil, clock: clock)
        try await ledger.attach(PostgresSpendStore(connection: db.connection))
        let network = XNetwork(
            credentials: human, configuration: XClientConfiguration(baseURL: server.baseURL), meter: XSpendMeter(prices: XPriceTable(), ledger: ledger))
        _ = try await allPosts(network.homeTimeline(of: "1", after: nil, limit: 100))
        _ = try await allPosts(network.homeTimeline(of: "1", after: nil, limit: 100))  // the same four posts again
        _ = try await allPosts(network.mentions(of: "1", after: nil, limit: 100))
        _ = try await network.post(text: "読んだ https://example.com/a", inReplyTo: nil)
        _ = try await network.post(text: "おはよう", inReplyTo: nil)

        let home = "GET /2/users/:id/timelines/reverse_chronological"
        let expected = [
            SpendLine(endpoint: home, requests: 2, resources: 8, dollars: 4 * 0.005),
            SpendLine(endpoint: "GET /2/users/:id/mentions", requests: 1, resources: 1, dollars: 0),  // read on the home timeline first today
            SpendLine(endpoint: "POST /2/tweets", requests: 1, resources: 1, dollars: 0.015),
            SpendLine(endpoint: "POST /2/tweets (URL)", requests: 1, resources: 1, dollars: 0.2),
        ].sorted { $0.endpoint < $1.endpoint }
        func same(_ lines: [SpendLine]) -> Bool {
            lines.count == expected.count && zip(lines, expected).allSatisfy { line, want in
                line.endpoint == want.endpoint && line.requests == want.requests && line.resources == want.resources
                    && abs(line.dollars - want.dollars) < 1e-9
            }
        }
        #expect(same(ledger.today().lines), "\(ledger.today().lines)")
        #expect(abs(ledger.today().total - 0.235) < 1e-9)

        let restarted = SpendLedger(budget: 0.25, pricing: XPriceTable(), store: nil, clock: clock)
        try await restarted.attach(PostgresSpendStore(connection: try await db.database.connect()))
        #expect(same(restarted.today().lines), "\(restarted.today().lines)")
        #expect(!restarted.allows(.post(text: "another link https://example.com/b", reply: false)))
        #expect(restarted.allows(.post(text: "plain", reply: false)))
    }

    @Test("the take-backs' lookups (GET /2/tweets?ids=) are counted: a standard read per post returned, a gone post free, a post read twice in one UTC day paid once")
    func countsLookups() async throws {
        let human = server.addUser(id: "1", username: "human")
        try server.start()
        defer { server.stop() }
        let ids = (0..<3).map { n in server.addTweet(authorID: "1", text: "mine \(n)", createdAt: clock.now() - Double(100 - n)) }
        server.deleteTweet(id: ids[2])

        let ledger = SpendLedger(budget: nil, pricing: XPriceTable(), store: nil, clock: clock)
        let network = XNetwork(
            credentials: human, configuration: XClientConfiguration(baseURL: server.baseURL), meter: XSpendMeter(prices: XPriceTable(), ledger: ledger))
        #expect(try await network.missingPosts(among: ids) == [ids[2]])
        #expect(try await network.missingPosts(among: [ids[0]]).isEmpty)  // the check before a post, after the sweep read it
        let lines = ledger.today().lines
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.endpoint == "GET /2/tweets")
        #expect(lines.first?.requests == 2)
        #expect(lines.first?.resources == 3)
        #expect(abs(ledger.today().total - 2 * 0.005) < 1e-9, "\(lines)")
    }

    @Test("X's daily deduplication: the same posts read again by a restarted daemon and by a second one the same UTC day cost nothing more; the next day they are paid again")
    func dailyDeduplicationAcrossDaemons() async throws {
        let db = try await MigratedDatabase.make()
        defer { Task { try? await db.database.drop() } }
        let human = server.addUser(id: "1", username: "human")
        try server.start()
        defer { server.stop() }
        let ids = (0..<150).map { n in server.addTweet(authorID: "1", text: "mine \(n)", createdAt: clock.now() - Double(1000 - n)) }

        /// A daemon's meter, on its own connection to the same database.
        func daemon() async throws -> (XNetwork, SpendLedger) {
            let ledger = SpendLedger(budget: nil, pricing: XPriceTable(), store: nil, clock: clock)
            try await ledger.attach(PostgresSpendStore(connection: try await db.database.connect()))
            let meter = XSpendMeter(prices: XPriceTable(), ledger: ledger)
            return (XNetwork(credentials: human, configuration: XClientConfiguration(baseURL: server.baseURL), meter: meter), ledger)
        }
        func lookUpAll(_ network: XNetwork) async throws {
            for start in stride(from: 0, to: ids.count, by: 100) {
                #expect(try await network.missingPosts(among: Array(ids[start..<min(start + 100, ids.count)])).isEmpty)
            }
        }
        let (first, ledger) = try await daemon()
        try await lookUpAll(first)
        let paid = ledger.today().total
        #expect(abs(paid - 150 * 0.005) < 1e-9, "\(ledger.today().lines)")
        try await lookUpAll(first)  // the same process again
        let (restarted, restartedLedger) = try await daemon()
        try await lookUpAll(restarted)  // after a restart
        let (second, secondLedger) = try await daemon()
        try await lookUpAll(second)  // a second daemon
        #expect(abs(ledger.today().total - paid) < 1e-9)
        #expect(abs(secondLedger.today().total - paid) < 1e-9, "\(secondLedger.today().lines)")
        #expect(restartedLedger.today().lines.first?.requests == 6, "\(restartedLedger.today().lines)")  // the first process's four, and its own two
        #expect(secondLedger.today().lines.first?.requests == 8)  // every request is counted; none paid again
        #expect(secondLedger.today().lines.first?.resources == 600)

        clock.advance(86_400)
        try await lookUpAll(second)  // the next UTC day: paid again, once
        #expect(abs(secondLedger.today().total - paid) < 1e-9, "\(secondLedger.today().lines)")
        #expect(try await db.connection.query("SELECT count(*) AS n FROM api_paid_reads").first?.decode("n", as: Int.self) == 150)
    }

    @Test("a copy the bot deletes (DELETE /2/tweets/:id) is counted at X's Content: Manage price; a post gone already costs nothing")
    func countsDeletes() async throws {
        let bot = server.addUser(id: "2", username: "bot")
        try server.start()
        defer { server.stop() }
        let copy = server.addTweet(authorID: "2", text: "a copy", createdAt: clock.now() - 100)
        let ledger = SpendLedger(budget: nil, pricing: XPriceTable(), store: nil, clock: clock)
        let network = XNetwork(
            credentials: bot, configuration: XClientConfiguration(baseURL: server.baseURL), meter: XSpendMeter(prices: XPriceTable(), ledger: ledger))
        try await network.deletePost(id: copy)
        try await network.deletePost(id: copy)  // gone already: done, not paid again
        let lines = ledger.today().lines
        #expect(lines.map(\.endpoint) == ["DELETE /2/tweets/:id"], "\(lines)")
        #expect(lines.first?.requests == 1)
        #expect(abs(ledger.today().total - 0.005) < 1e-9, "\(lines)")
    }

    @Test("X_PRICES overrides the 2026 defaults by name; a bad entry names itself")
    func priceTable() throws {
        let table = try XPriceTable.parse("read=0.004, post_url=0.25")
        #expect(table.read == 0.004 && table.postWithURL == 0.25 && table.ownedRead == 0.001 && table.post == 0.015 && table.reply == 0.01)
        #expect(table.price(ofPost: "@friend そうだね", reply: true) == 0.01)
        #expect(table.price(ofPost: "see www.example.com", reply: true) == 0.25)
        // Pictures: an upload each, a metadata request each described one (issue 40).
        let pictures = try XPriceTable.parse("media_upload=0.02,media_metadata=0.01")
        #expect(abs(pictures.price(ofPictures: 3, described: 2) - 0.08) < 1e-9)
        #expect(abs(XPriceTable().price(ofPictures: 3, described: 3) - 0.06) < 1e-9)
        let names = "owned_read, read, user_read, post, post_url, reply, like, delete, media_upload, media_metadata, media_read"
        #expect(throws: XPriceError(entry: "reads=1", reason: "expected NAME=DOLLARS with NAME one of \(names)")) {
            try XPriceTable.parse("reads=1")
        }
        #expect(throws: XPriceError(entry: "read=-1", reason: "expected a price in dollars, 0 or more")) { try XPriceTable.parse("read=-1") }
    }

    @Test("X_DAILY_BUDGET_USD holds a picture post's uploads and metadata: one that fits as text may not fit whole")
    func budgetHoldsPictures() {
        let ledger = SpendLedger(budget: 0.055, pricing: XPriceTable(), store: nil, clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)))
        let media = [
            PostMedia(kind: .photo, url: "https://pbs.twimg.com/media/a.jpg", altText: "a"), PostMedia(kind: .photo, url: "https://pbs.twimg.com/media/b.jpg"),
        ]
        let post = Post(id: "1", text: "夕焼け", createdAt: Date(timeIntervalSince1970: 1_700_000_000), media: media)
        #expect(SpendUse.posting(post, whole: true) == .picturePost(text: "夕焼け", pictures: 2, described: 1))
        #expect(SpendUse.posting(post, whole: false) == .post(text: "夕焼け", reply: false))
        // $0.015 + 2 × $0.015 + $0.005 = $0.05 fits in $0.055; a third picture ($0.065) would not.
        #expect(ledger.allows(.posting(post, whole: true)))
        #expect(!ledger.allows(.picturePost(text: "夕焼け", pictures: 3, described: 1)))
        #expect(ledger.allows(.post(text: "夕焼け", reply: false)))
    }
}
