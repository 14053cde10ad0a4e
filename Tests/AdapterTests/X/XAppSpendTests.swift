import APIClientTestSupport
import FakeX
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotSpend
import MirrorBotX
import Postgres
import TestSupport
import Testing
import XAPI

/// The spend of the bots of one X app counted together in a host's registry (`x_app_spend`,
/// migration host_027), on real PostgreSQL: claims made at once by several bots, on connections
/// of their own as hosts make them, never pass the app's budget together.
@Suite("Bots of one X app share its spend and budget, with real PostgreSQL")
struct XAppSpendTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let day = "2027-01-15"

    /// A migrated registry with X bots `a`, `b`, `c` and `d`.
    static func registry() async throws -> TestDatabase {
        let database = try await TestDatabase.make()
        let connection = try await database.connect()
        try await PostgresBotRegistry.migrate(connection, migrations: try MigratedDatabase.migrationsDirectory())
        let registry = PostgresBotRegistry(connection: connection)
        for name in ["a", "b", "c", "d"] {
            try await registry.add(RegisteredBot(name: name, network: "x", timeZone: "UTC", sealedSettings: "s", keyID: "k"))
        }
        return database
    }

    /// Bot `name` of `app` with `budget`, recorded in the registry, on a connection of its own.
    static func store(_ database: TestDatabase, bot name: String, app: String, budget: Double?) async throws -> PostgresAppSpendStore {
        let store = PostgresAppSpendStore(connection: try await database.connect(), app: app, budget: budget)
        #expect(try await store.join(bot: name))
        return store
    }

    @Test("claims of two bots of one app at once stop at the app's budget, the smallest of its bots'; another app's are its own")
    func concurrentClaims() async throws {
        let database = try await Self.registry()
        defer { Task { try? await database.drop() } }
        let a = try await Self.store(database, bot: "a", app: "app1", budget: 1.0)
        let b = try await Self.store(database, bot: "b", app: "app1", budget: 2.0)
        let d = try await Self.store(database, bot: "d", app: "app1", budget: nil)
        let c = try await Self.store(database, bot: "c", app: "app2", budget: 0.5)
        #expect(try await b.standing(day: Self.day) == AppSpend(day: Self.day, spent: 0, budget: 1.0))
        #expect(try await d.standing(day: Self.day).budget == 1.0)
        // 150 claims of $0.015 from three bots of app1 at once: 66 fit in $1.00 ($0.99), the 67th would make $1.005.
        let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<150 {
                let store = [a, b, d][index % 3]
                group.addTask { try await store.claim(0.015, day: Self.day).granted }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 66)
        let standing = try await a.standing(day: Self.day)
        #expect(abs(standing.spent - 0.99) < 1e-9 && standing.spent <= 1.0)
        // Reads are added as they were answered; a refund gives back a claim whose post was not sent.
        #expect(try await b.claim(0.015, day: Self.day).granted == false)
        _ = try await a.refund(0.015, day: Self.day)
        #expect(try await b.claim(0.015, day: Self.day).granted)
        #expect(abs(try await d.add(0.005, day: Self.day).spent - 0.995) < 1e-9)
        // Another app, another day: nothing of app1's.
        #expect(try await c.standing(day: Self.day) == AppSpend(day: Self.day, spent: 0, budget: 0.5))
        #expect(try await c.claim(0.4, day: Self.day).granted)
        #expect(try await c.claim(0.2, day: Self.day).granted == false)
        #expect(try await a.standing(day: "2027-01-16").spent == 0)
        // A claim beyond the budget on an empty day is refused too.
        #expect(try await a.claim(1.5, day: "2027-01-16").granted == false)
    }

    @Test("two bots of one app posting at once through their ledgers, as a host wires them, spend at most the budget; another app's bot goes on")
    func ledgersPostingAtOnce() async throws {
        let database = try await Self.registry()
        defer { Task { try? await database.drop() } }
        let server = FakeXServer()
        let first = server.addUser(id: "1", username: "first")
        let second = server.addUser(id: "2", username: "second", credentials: Self.sameApp(as: first, userID: "2"))
        let other = server.addUser(id: "3", username: "other")
        try server.start()
        defer { server.stop() }
        func network(_ credentials: OAuthCredentials, bot: String, app: String, budget: Double?) async throws -> (XNetwork, SpendLedger) {
            let ledger = SpendLedger(budget: budget, pricing: XPriceTable(), store: nil, clock: clock)
            try await ledger.share(try await Self.store(database, bot: bot, app: app, budget: budget))
            let network = XNetwork(
                credentials: credentials, configuration: XClientConfiguration(baseURL: server.baseURL),
                meter: XSpendMeter(prices: XPriceTable(), ledger: ledger))
            return (network, ledger)
        }
        // $0.10 holds six posts at $0.015 ($0.09); the seventh would make $0.105.
        let (a, ledgerA) = try await network(first, bot: "a", app: "app1", budget: 0.10)
        let (b, ledgerB) = try await network(second, bot: "b", app: "app1", budget: nil)
        let (c, _) = try await network(other, bot: "c", app: "app2", budget: 0.10)
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                let (bot, name) = index % 2 == 0 ? (a, "a") : (b, "b")
                group.addTask {
                    do {
                        _ = try await bot.post(text: "post \(index) of \(name)", inReplyTo: nil)
                        return "posted"
                    } catch is AppBudgetRefusal {
                        return "refused"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        }
        #expect(outcomes == ["posted": 6, "refused": 14])
        #expect(server.tweets(by: "1").count + server.tweets(by: "2").count == 6)
        #expect(abs(ledgerA.today().total + ledgerB.today().total - 0.09) < 1e-9)
        // Both gates now see the app's day spent, the budget-less bot's too.
        #expect(!ledgerA.allows(.post(text: "more", reply: false)))
        #expect(!ledgerB.allows(.post(text: "more", reply: false)))
        // The other app's bot posts.
        _ = try await c.post(text: "another app", inReplyTo: nil)
        #expect(server.tweets(by: "3").count == 1)
    }

    /// Credentials of user `userID` issued by the app of `credentials`.
    static func sameApp(as credentials: OAuthCredentials, userID: String) -> OAuthCredentials {
        let own = FakeXServer.makeCredentials(userID: userID)
        return OAuthCredentials(
            consumerKey: credentials.consumerKey, consumerSecret: credentials.consumerSecret, accessToken: own.accessToken,
            accessTokenSecret: own.accessTokenSecret)
    }
}
