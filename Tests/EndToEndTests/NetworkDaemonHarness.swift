import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import Synchronization
import TestSupport

/// What the daemon harness needs of a network's fake beyond what each network's harness adds
/// (its accounts, credentials and the readers of what it accepted).
protocol DaemonFake: AnyObject, Sendable {
    /// The fake's endpoints the reply and like loops poll each round.
    static var pollEndpoints: [String] { get }
    /// The stem of the world's private Redis key prefix.
    static var redisStem: String { get }
    /// A fake on the real clock, not yet started.
    static func forDaemon() -> Self
    /// How many requests the fake answered at `endpoint`.
    func answered(_ endpoint: String) -> Int
    func stop()
}

/// A world for the real `mirror-bot start` process on any network: `Fake` on loopback, a
/// migrated private schema with the human's posts, and a trained classifier under a private
/// Redis prefix. Each network's harness (`DaemonHarness` for X, `MastodonDaemonHarness`,
/// `BlueskyDaemonHarness`, `MisskeyDaemonHarness`) is this with its fake, a `setUp` that
/// adds the accounts and calls `prepare`, and readers of the writes its fake accepted.
class NetworkDaemonHarness<Fake: DaemonFake>: DaemonWorld, @unchecked Sendable {
    static var friendReplies: [String] { DaemonWorldHistory.friendReplies }
    static var humanOriginal: String { DaemonWorldHistory.humanOriginal }

    let server = Fake.forDaemon()
    var pollEndpoints: [String] { Fake.pollEndpoints }
    func requestCount(_ endpoint: String) -> Int { server.answered(endpoint) }
    let database: TestDatabase
    let connection: PostgresConnection
    let redisPrefix = TestEnvironment.uniqueName(Fake.redisStem) + ":"
    let timeZone: String
    var environment: [String: String] = [:]
    let daemons = DaemonProcesses()
    private let tornDown = Mutex(false)
    /// Adds one of the human's posts to the fake, returning its id (`prepare`'s `publish`).
    private(set) var publishHuman: (Post) -> String = { $0.id }

    /// In the suite's PostgreSQL, or in the server at `databaseBase` (a test's own, which it may stop).
    required init(databaseBase: String? = nil) async throws {
        database = try await TestDatabase.make(base: databaseBase)
        connection = try await database.connect()
        try await Migrator(directory: BinaryRunner.repositoryRoot.appendingPathComponent("migrations")).migrate(connection)
        timeZone = Self.zoneAwayFromMidnight()
    }

    static func make() async throws -> Self { try await Self(databaseBase: nil) }

    /// With the fake started: the human's stored history (originals two minutes before now
    /// each day, replies to `friend`), each also on the fake (`publish` adds it there and
    /// returns its id, the id stored), a trained classifier, and the daemon's environment:
    /// the shared variables and the network's (`network`: its URL, the accounts' credentials).
    func prepare(
        friend: String, redisURL: String? = nil, network: [String: String], publish: @escaping (Post) -> String
    ) async throws {
        publishHuman = publish
        try await DaemonWorldHistory.store(in: connection, timeZone: timeZone, friend: friend, publish: publish)
        let redis = try redisURL ?? TestEnvironment.redisURL()
        try await DaemonWorldHistory.trainClassifier(redisURL: redis, keyPrefix: redisPrefix)
        environment = DaemonWorldHistory.environment(
            database: database.url + "&application_name=\(database.schema)", redis: redis, prefix: redisPrefix, timeZone: timeZone
        ).merging(network) { $1 }
    }

    /// Stops everything and drops the schema, once (tests call it at their end; the deferred call is a no-op then).
    func tearDown() async {
        guard tornDown.withLock({ done in defer { done = true }; return !done }) else { return }
        daemons.killAll()
        server.stop()
        // Over the harness's own connection: a new connection opened while the test process
        // exits (a deferred teardown after the last test) crashed inside libpq (signal 11).
        try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
    }

    /// A fixed-offset zone whose local time is between 02:00 and 21:00, so the
    /// test's slot never crosses midnight.
    static func zoneAwayFromMidnight() -> String {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .gmt, from: Date()).hour ?? 12
        if (2...21).contains(hour) { return "UTC" }
        // Etc/GMT+N is N hours behind UTC.
        return "Etc/GMT+6"
    }
}


extension Optional {
    func orThrow(_ what: String) throws -> Wrapped {
        guard let self else { throw HarnessError(message: "missing \(what)") }
        return self
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
