import APIClientTestSupport
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotPostgres
import Synchronization
import TestSupport
import Testing

@Suite("Profiles that say no, read once a day and kept in PostgreSQL")
struct ProfileVerdictTests {
    /// A network whose profiles are set by the test, counting the requests (one per batch).
    final class Profiles: ProfileReadingNetwork {
        let profileBatchSize: Int
        let bios: Mutex<[String: String]>
        let requests = Mutex<[[String]]>([])
        let failing = Mutex(false)

        init(batch: Int, bios: [String: String]) {
            profileBatchSize = batch
            self.bios = Mutex(bios)
        }

        func profileDescriptions(of ids: [String]) async throws -> [String: String] {
            #expect(ids.count <= profileBatchSize)
            requests.withLock { $0.append(ids) }
            if failing.withLock({ $0 }) { throw NetworkError.failed(endpoint: "GET /profiles", status: 503, detail: "unavailable") }
            let bios = bios.withLock { $0 }
            return bios.filter { ids.contains($0.key) }
        }
    }

    @Test("batched by the network's size, cached a day across a new store (a restart); a failed read says nothing and stores nothing")
    func cachedForADay() async throws {
        let db = try await MigratedDatabase.make()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_750_000_000))
        let bios = Dictionary(uniqueKeysWithValues: (1...7).map { ("\($0)", "bio \($0)") })
            .merging(["2": "絵描き #NoAI", "6": "＃ｎｏｂｏｔ"]) { $1 }
        let network = Profiles(batch: 3, bios: bios)
        let consent = ProfileConsent(network: network, store: PostgresProfileStore(connection: db.connection), clock: clock)
        let ids = (1...8).map(String.init)  // 8: an account the network does not answer for
        #expect(try await consent.sayNo(among: ids + ["2"]) == ["2", "6"])
        #expect(network.requests.withLock { $0.map(\.count) } == [3, 3, 2])

        // A restart: a new store on a new connection reads the verdicts back, no request.
        let again = ProfileConsent(network: network, store: PostgresProfileStore(connection: try await db.database.connect()), clock: clock)
        clock.advance(86_000)
        #expect(try await again.sayNo(among: ids) == ["2", "6"])
        #expect(network.requests.withLock { $0.count } == 3)

        // A day later they are read again: the bio changed, and a failed read says nothing.
        clock.advance(1_000)
        network.bios.withLock { $0["2"] = "no longer" }
        network.failing.withLock { $0 = true }
        await #expect(throws: NetworkError.self) { _ = try await again.sayNo(among: ["2"]) }
        network.failing.withLock { $0 = false }
        #expect(try await again.sayNo(among: ["2", "6"]).isEmpty == false)
        #expect(try await again.sayNo(among: ["2"]).isEmpty)
        try await db.database.drop()
    }
}
