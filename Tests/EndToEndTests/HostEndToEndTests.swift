import CoreTestSupport
import FakeMastodon
import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

/// `mirror-bot bot add` then three `mirror-bot host` processes sharing three Mastodon bots through
/// PostgreSQL (issue 42): one host killed, its bot taken over, nothing answered twice.
@Suite("mirror-bot host: bots shared by hosts, one host killed", .serialized)
struct HostEndToEndTests {
    static let key = Data([UInt8](repeating: 9, count: 32)).base64EncodedString()
    static let lease = 3

    /// A fake Mastodon with a friend and `count` humans and their bots, each bot added with
    /// `mirror-bot bot add` to the registry in `database`, its human's history in its own schema and
    /// its classifier under its own prefix.
    struct World {
        let server = FakeMastodonServer()
        let database: TestDatabase
        let connection: PostgresConnection
        let names: [String]
        var tokens: [(human: String, bot: String)] = []
        let host: [String: String]

        init(count: Int, databaseBase: String? = nil) async throws {
            database = try await TestDatabase.make(base: databaseBase)
            connection = try await database.connect()
            let stem = TestEnvironment.uniqueName("h").lowercased().filter { $0.isLetter || $0.isNumber }.suffix(12)
            names = (1...count).map { "h\(stem)b\($0)" }
            host = ["DATABASE_URL": database.url, "REDIS_URL": try TestEnvironment.redisURL(), "HOST_SECRET_KEY": HostEndToEndTests.key]
            let zone = NetworkDaemonHarness<FakeMastodonServer>.zoneAwayFromMidnight()
            server.addAccount(id: "900", username: "friend")
            for index in 1...count {
                tokens.append((server.addAccount(id: "10\(index)", username: "human\(index)"), server.addAccount(id: "20\(index)", username: "mirror\(index)")))
            }
            try server.start()
            for (index, name) in names.enumerated() {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).env")
                try """
                    NETWORK=mastodon
                    MASTODON_BASE_URL=\(server.baseURL.absoluteString)
                    HUMAN_MASTODON_TOKEN=\(tokens[index].human)
                    BOT_MASTODON_TOKEN=\(tokens[index].bot)
                    TIME_ZONE=\(zone)
                    POLL_INTERVAL_SECONDS=1
                    REPLY_PACE=immediate
                    POLL_PACE=steady
                    """.write(to: file, atomically: false, encoding: .utf8)
                let added = try BinaryRunner.run(["bot", "add", name, "--env-file", file.path], environment: host)
                guard added.status == 0 else { throw HarnessError(message: "bot add: \(added.stderr)") }
                // The human's history in the bot's own schema, its classifier under its own prefix.
                let own = try await PostgresConnection(url: database.url, schema: RegisteredBot.schema(of: name))
                let human = "10\(index + 1)"
                let server = server
                try await DaemonWorldHistory.store(in: own, timeZone: zone, friend: "900") { post in
                    server.addStatus(accountID: human, text: post.text, createdAt: post.createdAt)
                }
                try await DaemonWorldHistory.trainClassifier(redisURL: try TestEnvironment.redisURL(), keyPrefix: RegisteredBot.redisPrefix(of: name))
            }
        }

        func tearDown() async {
            server.stop()
            for name in names { try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS bot_\(name) CASCADE") }
            try? await connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
        }

        /// The friend mentions bot `index` (1-based); returns the mention's id.
        func mention(_ index: Int, _ text: String) -> String { server.addStatus(accountID: "900", text: "@mirror\(index) \(text)") }
    }

    @Test("three bots over three hosts: each answers its own mentions; a host killed hands its bot over within a lease and a round, nothing answered twice")
    func handOver() async throws {
        let world = try await World(count: 3)
        let (server, connection, names, tokens, host) = (world.server, world.connection, world.names, world.tokens, world.host)
        let daemons = DaemonProcesses()
        defer {
            daemons.killAll()
            Task { await world.tearDown() }
        }

        // doctor for every bot, each with its own accounts, schema and counts.
        let doctor = try BinaryRunner.run(["bot", "doctor"], environment: host)
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        #expect(names.allSatisfy { doctor.stdout.contains("== \($0) (mastodon, active)") }, "\(doctor.stdout)")
        #expect(!doctor.stdout.contains(tokens[1].bot))

        let hostEnvironment = host.merging(["HOST_LEASE_SECONDS": "\(Self.lease)"]) { $1 }
        let a = try daemons.start(hostEnvironment.merging(["HOST_NAME": "a"]) { $1 }, arguments: ["host"])
        // a takes all three, then b and c come and take their shares of them as a gives them back.
        #expect(await waitFor(30) { daemons.output.components(separatedBy: "event=started").count - 1 == 3 }, "\(daemons.output)")
        let b = try daemons.start(hostEnvironment.merging(["HOST_NAME": "b"]) { $1 }, arguments: ["host"])
        let c = try daemons.start(hostEnvironment.merging(["HOST_NAME": "c"]) { $1 }, arguments: ["host"])
        #expect(await waitFor(30) {
            let held = Self.holders(daemons.output)
            return ["a", "b", "c"].allSatisfy { held[$0]?.count == 1 }
        }, "\(daemons.output)")

        // Each bot answers its own mention, as its own account.
        var mentions: [String: String] = [:]
        func mentionAll(_ text: String) {
            for index in 1...3 { mentions[world.mention(index, text)] = "20\(index)" }
        }
        mentionAll("こんにちは")
        #expect(await waitFor(30) { Self.answered(server, mentions).count == 3 }, "\(daemons.output)")
        // Each has learned its human, recorded for the hosts that take it later: they start it at once.
        let registry = PostgresBotRegistry(connection: connection)
        var learned = false
        for _ in 0..<60 where !learned {
            learned = try await registry.bots().allSatisfy { $0.learnedAt != nil }
            if !learned { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(learned, "\(daemons.output)")

        // a dies with its leases held. The hand-over is timed from here to the answers of the next mentions.
        let aBots = Self.holders(daemons.output)["a"] ?? []
        #expect(!aBots.isEmpty, "\(daemons.output)")
        kill(a.processIdentifier, SIGKILL)
        let killed = Date()
        mentionAll("元気？")
        #expect(await waitFor(60) { Self.answered(server, mentions).count == 6 }, "\(daemons.output)")
        let handOver = Date().timeIntervalSince(killed)
        #expect(handOver < 60, "hand-over took \(handOver) s")
        print("host_hand_over seconds=\(String(format: "%.1f", handOver)) lease=\(Self.lease) bots=\(aBots.count)")

        // Nothing twice: each mention answered once, by the bot it named; each bot's posts distinct.
        let replies = server.writes.compactMap { write -> (account: String, target: String)? in
            if case .reply(_, let account, _, let target) = write { (account, target) } else { nil }
        }
        #expect(replies.count == 6 && Set(replies.map(\.target)).count == 6, "\(replies)")
        #expect(replies.allSatisfy { mentions[$0.target] == $0.account }, "\(replies)")
        let posts = server.writes.compactMap { write -> String? in
            if case .post(_, let account, let text, _) = write { "\(account) \(text)" } else { nil }
        }
        #expect(Set(posts).count == posts.count, "\(posts)")

        // b and c stop cleanly and give their leases back.
        #expect(daemons.stop(b) == 0)
        #expect(daemons.stop(c) == 0)
        #expect(try await registry.bots().allSatisfy { $0.leasedBy == nil }, "\(daemons.output)")
        #expect(!daemons.output.contains(tokens[0].bot) && !daemons.output.contains(tokens[0].human))
    }

    @Test("mentions a dead host had claimed and not finished: the one it had answered is found among the bot's posts (followers-only), the other answered, once")
    func interruptedReplies() async throws {
        let world = try await World(count: 1)
        let (server, names, host) = (world.server, world.names, world.host)
        let daemons = DaemonProcesses()
        defer {
            daemons.killAll()
            Task { await world.tearDown() }
        }
        // A host that died 41 minutes ago had claimed two mentions: it had sent the reply to the
        // second (followers-only, as MASTODON_VISIBILITY=private sends it), not to the first.
        let unanswered = world.mention(1, "聞いてる？")
        let answered = world.mention(1, "おーい")
        let sent = server.addStatus(accountID: "201", text: "@friend 聞いてるよ", inReplyToID: answered, visibility: "private")
        let claims = PostgresActionStore(connection: try await PostgresConnection(url: world.database.url, schema: RegisteredBot.schema(of: names[0])))
        let claimedAt = Date().addingTimeInterval(-41 * 60)
        for id in [unanswered, answered] {
            let mention = NetworkPost(id: id, text: "@mirror1 …", createdAt: claimedAt, authorID: "900", authorUsername: "friend")
            #expect(try await claims.claimMention(mention, at: claimedAt, since: claimedAt) == 0)
        }

        _ = try daemons.start(host.merging(["HOST_LEASE_SECONDS": "\(Self.lease)", "HOST_NAME": "a"]) { $1 }, arguments: ["host"])
        #expect(await waitFor(30) { Self.answered(server, [unanswered: "201"]).count == 1 }, "\(daemons.output)")
        #expect(await waitFor(10) { daemons.output.contains("event=replies_interrupted") }, "\(daemons.output)")
        #expect(daemons.output.contains("found=1 resumed=1 unknown=0"), "\(daemons.output)")
        // Three polls more: nothing else sent, to either.
        try await Task.sleep(for: .seconds(3))
        let replies = server.writes.compactMap { write -> String? in
            if case .reply(_, _, _, let target) = write { target } else { nil }
        }
        #expect(replies == [unanswered], "\(replies)")
        let rows = try await world.connection.query("""
            SELECT mention_id, state, reply_id FROM \(fragment: PostgresQuery(unsafeSQL: RegisteredBot.schema(of: names[0]))).replies ORDER BY mention_id
            """)
        #expect(rows.map { $0["state"] } == ["replied", "replied"])
        #expect(rows.first { $0["mention_id"] == answered }?["reply_id"] == sent)
    }

    @Test("a host that cannot reach PostgreSQL past two thirds of a lease stops its bots and its heartbeat, and runs them again once it can")
    func fenced() async throws {
        let postgres = try await onOwnThread { try RestartablePostgres() }
        try await onOwnThread { try postgres.start() }
        let world = try await World(count: 1, databaseBase: postgres.url)
        let daemons = DaemonProcesses()
        defer {
            daemons.killAll()
            Task { await world.tearDown() }
            postgres.stop()
        }
        let heartbeat = FileManager.default.temporaryDirectory.appendingPathComponent("\(world.names[0]).heartbeat").path
        let host = try daemons.start(
            world.host.merging(["HOST_LEASE_SECONDS": "\(Self.lease)", "HOST_NAME": "a", "HEARTBEAT_FILE": heartbeat]) { $1 }, arguments: ["host"])
        #expect(await waitFor(30) { daemons.output.contains(" event=started ") }, "\(daemons.output)")
        // Touched by every round that reaches the registry (a round every second at a 3 s lease).
        try? FileManager.default.removeItem(atPath: heartbeat)
        #expect(await waitFor(10) { FileManager.default.fileExists(atPath: heartbeat) })

        try await onOwnThread { postgres.stop() }
        #expect(await waitFor(30) { daemons.output.contains(" event=host_fenced ") }, "\(daemons.output)")
        // Not touched while no round reaches it.
        try? FileManager.default.removeItem(atPath: heartbeat)
        try await Task.sleep(for: .seconds(3))
        #expect(!FileManager.default.fileExists(atPath: heartbeat))
        try await onOwnThread { try postgres.start() }
        // Taken again at the next round that reaches PostgreSQL, and answering.
        #expect(await waitFor(60) { daemons.output.components(separatedBy: " event=bot_taken ").count == 3 }, "\(daemons.output)")
        let mention = world.mention(1, "おかえり")
        #expect(await waitFor(60) {
            world.server.writes.contains { if case .reply(_, _, _, let target) = $0 { target == mention } else { false } }
        }, "\(daemons.output)")
        #expect(host.isRunning)
        #expect(daemons.stop(host) == 0)
    }

    @Test("a host's status page and /metrics list every bot with its counts, a bot with a revoked token first with its error and no secret")
    func statusPage() async throws {
        let world = try await World(count: 2)
        // A third bot whose token the network does not know (revoked): named to sort last, listed first.
        let failing = String(world.names[0].dropLast(2)) + "zz"
        let revoked = "revoked-\(UUID().uuidString)"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(failing).env")
        try """
            NETWORK=mastodon
            MASTODON_BASE_URL=\(world.server.baseURL.absoluteString)
            HUMAN_MASTODON_TOKEN=\(world.tokens[0].human)
            BOT_MASTODON_TOKEN=\(revoked)
            """.write(to: file, atomically: false, encoding: .utf8)
        let added = try BinaryRunner.run(["bot", "add", failing, "--env-file", file.path], environment: world.host)
        #expect(added.status == 0, "\(added.stderr)")
        let daemons = DaemonProcesses()
        defer {
            daemons.killAll()
            Task {
                try? await world.connection.execute(unsafeSQL: "DROP SCHEMA IF EXISTS bot_\(failing) CASCADE")
                await world.tearDown()
            }
        }
        let host = try daemons.start(
            world.host.merging(["HOST_LEASE_SECONDS": "\(Self.lease)", "HOST_NAME": "a", "STATUS_PORT": "0"]) { $1 }, arguments: ["host"])
        var port: Int?
        #expect(await waitFor(30) {
            port = HTTPProbe.port(inLog: daemons.output)
            return port != nil
        }, "\(daemons.output)")
        let served = try port.orThrow("status_listening in the log: \(daemons.output)")
        func metrics() -> [PrometheusExposition.Family] {
            (try? HTTPProbe.get("/metrics", port: served)).flatMap { try? PrometheusExposition.parse($0.body) } ?? []
        }
        #expect(await waitFor(30) {
            let now = metrics()
            return now.value("mirror_bot_host_bots", ["state": "running"]) == 2 && now.value("mirror_bot_host_bots", ["state": "failing"]) == 1
        }, "\(daemons.output)")
        try await Task.sleep(for: .seconds(2))  // past each bot's first poll of its mentions
        let mentions = [world.mention(1, "こんにちは"): "201", world.mention(2, "こんにちは"): "202"]
        #expect(await waitFor(30) {
            let now = metrics()
            return world.names.allSatisfy { now.value("mirror_bot_replies_total", ["bot": $0]) == 1 }
        }, "\(daemons.output)")
        #expect(Self.answered(world.server, mentions).count == 2)

        // /metrics: strictly valid (parse throws otherwise), host gauges, each bot's series named by a bot label.
        let text = try HTTPProbe.get("/metrics", port: served).body
        let exposition = try PrometheusExposition.parse(text)
        #expect(exposition.value("mirror_bot_host_healthy") == 1)
        #expect(exposition.value("mirror_bot_host_leases") == 3)
        #expect(exposition.value("mirror_bot_host_live_hosts") == 1)
        #expect(exposition.value("mirror_bot_healthy", ["bot": failing]) == 0)
        #expect(world.names.allSatisfy { exposition.value("mirror_bot_healthy", ["bot": $0]) == 1 })
        #expect(exposition.sum("mirror_bot_network_requests_total", matching: ["account": "bot", "endpoint": "post", "status": "ok"]) >= 2)
        let botFamilies = Set(["mirror_bot_replies_total", "mirror_bot_posts_total", "mirror_bot_failed_rounds_total", "mirror_bot_healthy"])
        #expect(exposition.flatMap(\.samples).filter { botFamilies.contains($0.name) }.allSatisfy { $0.labels["bot"] != nil })

        // The page: the failing bot first with its error, then the others by name; no token anywhere.
        let page = try HTTPProbe.get("/", port: served).body
        let rows = [failing] + world.names
        let positions = rows.compactMap { page.range(of: "<b>\($0)</b>")?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted(), "\(page)")
        #expect(page.contains(">failing</span><div class=\"why\">"), "\(page)")
        #expect(page.contains("unauthorized") || page.contains("401"), "\(page)")
        #expect(page.components(separatedBy: ">running</span>").count == 3, "\(page)")
        let secrets = [revoked, HostEndToEndTests.key] + world.tokens.flatMap { [$0.human, $0.bot] }
        for body in [page, text, try HTTPProbe.get("/healthz", port: served).body] {
            #expect(!secrets.contains { body.contains($0) })
        }
        #expect(try HTTPProbe.get("/healthz", port: served).body == "ok\n")
        #expect(try HTTPProbe.request("POST", "/", port: served).status == 405)
        #expect(daemons.stop(host) == 0)
    }

    /// Which bots each host took last, from its `bot_taken` and `bot_released` lines.
    static func holders(_ output: String) -> [String: Set<String>] {
        var held: [String: Set<String>] = [:]
        for line in output.split(separator: "\n") {
            guard let host = field(line, "host"), let bot = field(line, "bot") else { continue }
            if line.contains(" event=bot_taken ") { held[host, default: []].insert(bot) }
            if line.contains(" event=bot_released ") { held[host, default: []].remove(bot) }
        }
        return held
    }

    static func field(_ line: Substring, _ name: String) -> String? {
        line.split(separator: " ").first { $0.hasPrefix("\(name)=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// The mentions answered so far (by anyone).
    static func answered(_ server: FakeMastodonServer, _ mentions: [String: String]) -> Set<String> {
        Set(server.writes.compactMap { write -> String? in
            if case .reply(_, _, _, let target) = write, mentions[target] != nil { target } else { nil }
        })
    }
}
