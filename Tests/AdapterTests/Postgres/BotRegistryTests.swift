import Foundation
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

/// The registry and leases of `mirror-bot host` (issue 42), in a private schema of the real PostgreSQL.
@Suite("Bot registry and host leases, with real PostgreSQL")
struct BotRegistryTests {
    /// A migrated host schema and a registry on a connection of its own for each host.
    struct World {
        let database: TestDatabase

        static func make(bots: Int, paused: Set<Int> = []) async throws -> World {
            let database = try await TestDatabase.make()
            let connection = try await database.connect()
            try await PostgresBotRegistry.migrate(connection, migrations: try MigratedDatabase.migrationsDirectory())
            let registry = PostgresBotRegistry(connection: connection)
            for index in 0..<bots {
                let name = String(format: "bot%03d", index)
                #expect(try await registry.add(RegisteredBot(
                    name: name, network: "mastodon", timeZone: "Asia/Tokyo", state: paused.contains(index) ? .paused : .active,
                    sealedSettings: "sealed-\(name)", keyID: "k")))
            }
            return World(database: database)
        }

        func registry() async throws -> PostgresBotRegistry { PostgresBotRegistry(connection: try await database.connect()) }
    }

    @Test("bots are added once by name, listed, paused, resumed and removed; a name taken or unknown says so")
    func registryBasics() async throws {
        let world = try await World.make(bots: 2)
        defer { Task { try? await world.database.drop() } }
        let registry = try await world.registry()
        #expect(try await registry.add(RegisteredBot(name: "bot000", network: "x", timeZone: "UTC", sealedSettings: "s", keyID: "k")) == false)
        #expect(try await registry.bots().map(\.name) == ["bot000", "bot001"])
        #expect(try await registry.bot(named: "bot000")?.network == "mastodon")
        #expect(try await registry.setState("bot001", .paused))
        #expect(try await registry.bot(named: "bot001")?.state == .paused)
        #expect(try await registry.setState("bot001", .active))
        #expect(try await registry.setState("nobody", .paused) == false)
        #expect(try await registry.remove("bot000"))
        #expect(try await registry.remove("bot000") == false)
        #expect(try await registry.bots().map(\.name) == ["bot001"])
    }

    @Test("a bot's first learning is recorded once, with the database's time; a bot never learned, or unknown, has none")
    func learned() async throws {
        let world = try await World.make(bots: 2)
        defer { Task { try? await world.database.drop() } }
        let registry = try await world.registry()
        #expect(try await registry.bots().allSatisfy { $0.learnedAt == nil })
        let before = Date().addingTimeInterval(-60)
        #expect(try await registry.markLearned("bot001"))
        let first = try await registry.bot(named: "bot001")?.learnedAt
        #expect(first.map { $0 > before } == true)
        #expect(try await registry.markLearned("bot001") == false)
        #expect(try await registry.markLearned("nobody") == false)
        #expect(try await registry.bot(named: "bot001")?.learnedAt == first)
        #expect(try await registry.bot(named: "bot000")?.learnedAt == nil)
        // A round gives it with the bots it holds.
        let round = try await registry.round(host: "a", leaseSeconds: 30, maxBots: 10)
        #expect(round.held.map { $0.learnedAt != nil } == [false, true])
    }

    @Test("one host takes every active bot up to its limit, never a paused one; a bot paused later is given back at the next round")
    func oneHost() async throws {
        let world = try await World.make(bots: 5, paused: [2])
        defer { Task { try? await world.database.drop() } }
        let registry = try await world.registry()
        var round = try await registry.round(host: "a", leaseSeconds: 30, maxBots: 3)
        #expect(round.held.map(\.name) == ["bot000", "bot001", "bot003"])
        #expect(round.share == 3 && round.activeBots == 4 && round.liveHosts == 1)
        #expect(round.held.allSatisfy { $0.leaseEpoch == 1 && $0.leasedBy == "a" })
        round = try await registry.round(host: "a", leaseSeconds: 30, maxBots: 10)
        #expect(round.held.map(\.name) == ["bot000", "bot001", "bot003", "bot004"])
        // Renewed, not taken again: the epoch stays.
        #expect(round.held.first { $0.name == "bot000" }?.leaseEpoch == 1)
        try await registry.setState("bot001", .paused)
        round = try await registry.round(host: "a", leaseSeconds: 30, maxBots: 10)
        #expect(round.held.map(\.name) == ["bot000", "bot003", "bot004"])
        #expect(try await registry.bot(named: "bot001")?.leasedBy == nil)
    }

    @Test("a second host gets its share: the first gives back what is over half, the second takes it, no bot is held by both")
    func sharing() async throws {
        let world = try await World.make(bots: 10)
        defer { Task { try? await world.database.drop() } }
        let a = try await world.registry()
        let b = try await world.registry()
        #expect(try await a.round(host: "a", leaseSeconds: 30, maxBots: 100).held.count == 10)
        // b is alive now: its share is 5, and nothing is free yet.
        #expect(try await b.round(host: "b", leaseSeconds: 30, maxBots: 100).held.isEmpty)
        let aHeld = try await a.round(host: "a", leaseSeconds: 30, maxBots: 100).held.map(\.name)
        #expect(aHeld == (0..<5).map { String(format: "bot%03d", $0) })
        let bHeld = try await b.round(host: "b", leaseSeconds: 30, maxBots: 100).held.map(\.name)
        #expect(bHeld == (5..<10).map { String(format: "bot%03d", $0) })
        #expect(Set(aHeld).isDisjoint(with: bHeld))
    }

    @Test("a host that stops renewing loses its bots to the others once its lease has run out, and not before")
    func takeover() async throws {
        let world = try await World.make(bots: 6)
        defer { Task { try? await world.database.drop() } }
        let a = try await world.registry()
        let b = try await world.registry()
        _ = try await a.round(host: "a", leaseSeconds: 3, maxBots: 100)
        _ = try await b.round(host: "b", leaseSeconds: 3, maxBots: 100)
        _ = try await a.round(host: "a", leaseSeconds: 3, maxBots: 100)
        #expect(try await b.round(host: "b", leaseSeconds: 3, maxBots: 100).held.count == 3)
        // a dies here. Within its lease, b keeps to its share of the two live hosts.
        #expect(try await b.round(host: "b", leaseSeconds: 3, maxBots: 100).held.count == 3)
        try await Task.sleep(for: .milliseconds(3_300))
        let round = try await b.round(host: "b", leaseSeconds: 3, maxBots: 100)
        #expect(round.held.count == 6)
        #expect(round.liveHosts == 1)
        // Each changed hands twice: a's three (a, then b after the lease), b's three (a, given back, b).
        #expect(round.held.allSatisfy { $0.leaseEpoch == 2 && $0.leasedBy == "b" })
    }

    @Test("a host shutting down gives its leases back: another takes them at its next round, without waiting for the lease")
    func release() async throws {
        let world = try await World.make(bots: 4)
        defer { Task { try? await world.database.drop() } }
        let a = try await world.registry()
        let b = try await world.registry()
        _ = try await a.round(host: "a", leaseSeconds: 300, maxBots: 100)
        _ = try await b.round(host: "b", leaseSeconds: 300, maxBots: 100)
        _ = try await a.round(host: "a", leaseSeconds: 300, maxBots: 100)
        _ = try await b.round(host: "b", leaseSeconds: 300, maxBots: 100)
        #expect(try await a.release(host: "a") == 2)
        #expect(try await b.round(host: "b", leaseSeconds: 300, maxBots: 100).held.count == 4)
    }

    @Test("three hosts rounding at once, 40 rounds each over 30 bots: no bot is ever held by two hosts, and all end up held")
    func concurrentRounds() async throws {
        let world = try await World.make(bots: 30)
        defer { Task { try? await world.database.drop() } }
        let hosts = ["a", "b", "c"]
        let registries = try await hosts.asyncMap { _ in try await world.registry() }
        let observer = try await world.database.connect()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (host, registry) in zip(hosts, registries) {
                group.addTask {
                    for _ in 0..<40 { _ = try await registry.round(host: host, leaseSeconds: 30, maxBots: 100) }
                }
            }
            group.addTask {
                for _ in 0..<40 {
                    // A lease names one host at a time; a host's held set is read from the same rows.
                    let rows = try await observer.query("SELECT name, leased_by FROM bots WHERE leased_by IS NOT NULL")
                    #expect(Set(rows.compactMap { $0["name"] }).count == rows.count)
                }
            }
            try await group.waitForAll()
        }
        var held: [String] = []
        for (host, registry) in zip(hosts, registries) {
            let round = try await registry.round(host: host, leaseSeconds: 30, maxBots: 100)
            #expect(round.held.count == 10)
            held += round.held.map(\.name)
        }
        #expect(held.count == 30 && Set(held).count == 30)
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
