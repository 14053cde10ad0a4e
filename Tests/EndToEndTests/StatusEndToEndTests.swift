import CoreTestSupport
import FakeX
import Foundation
import MirrorBot
import MirrorBotPostgres
import Testing
import TestSupport

/// `mirror-bot start` with STATUS_PORT set: the real binary's /, /healthz and /metrics
/// against the fake X, real PostgreSQL and Redis; services stopped and started again.
@Suite("mirror-bot start's status page, /healthz and /metrics", .serialized)
struct StatusEndToEndTests {
    static let htmlFan = "7"
    /// A past reply of the human's that is HTML: the bot replies it to @htmlfan, and the page must escape it.
    static let htmlReply = #"<script>alert('x')</script> & <b>太字</b>"#

    /// Starts a daemon serving on a free port; returns it and the port it logged.
    static func startServing(_ harness: DaemonHarness, _ extra: [String: String] = [:]) async throws -> (Process, Int) {
        let daemon = try harness.startDaemon(["STATUS_PORT": "0"].merging(extra) { $1 })
        var port: Int?
        _ = await harness.waitFor(30) {
            port = HTTPProbe.port(inLog: harness.output)
            return port != nil
        }
        return (daemon, try port.orThrow("status_listening in the log: \(harness.output)"))
    }

    static func healthz(_ port: Int) -> HTTPProbe.Response? { try? HTTPProbe.get("/healthz", port: port) }

    /// Runs the image's health check script against the daemon.
    static func healthcheckScript(port: Int) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [BinaryRunner.repositoryRoot.appendingPathComponent("scripts/healthcheck.sh").path]
        process.environment = ["STATUS_PORT": "\(port)", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("the page shows the plan and the last reply, escaped; /metrics parses strictly and counts the fake's writes; no secret; read-only")
    func workingDaemon() async throws {
        try await DaemonHarness.with { harness in
            try await harness.setUp()
            harness.server.addUser(id: Self.htmlFan, username: "htmlfan")
            let zone = try TimeZone(identifier: harness.timeZone).orThrow("zone")
            // On the network too: the bot looks a past reply up before it reuses it.
            let htmlReplyID = harness.server.addTweet(
                id: "301", authorID: DaemonHarness.human, text: "@htmlfan \(Self.htmlReply)", createdAt: Date().addingTimeInterval(-86_400 * 40),
                inReplyToUserID: Self.htmlFan)
            try await PostgresPostStore.open(connection: harness.connection, timeZone: zone, limit: 10_000).store([
                Post(id: htmlReplyID, text: "@htmlfan \(Self.htmlReply)", createdAt: Date().addingTimeInterval(-86_400 * 40),
                     inReplyToUserID: Self.htmlFan, inReplyToScreenName: "htmlfan"),
            ])
            let activity = harness.addActivity()
            let htmlMention = harness.server.addTweet(authorID: Self.htmlFan, text: "@mirror HTML は好き？", createdAt: Date().addingTimeInterval(-5))
            let (daemon, port) = try await Self.startServing(harness)

            #expect(await harness.waitFor(30) {
                harness.replied(to: htmlMention) && harness.replied(to: activity.friendMention) && harness.likes.count == 1 && harness.posts.count == 1
            }, "\(harness.output)")
            #expect(await harness.waitForMoreRounds(2))

            // /metrics: strictly valid, and its counters are the fake's writes.
            var metrics = try PrometheusExposition.parse(try HTTPProbe.get("/metrics", port: port).body)
            #expect(metrics.value("mirror_bot_posts_total") == Double(harness.posts.count))
            #expect(metrics.value("mirror_bot_replies_total") == Double(harness.replies.count))
            #expect(metrics.value("mirror_bot_likes_total") == Double(harness.likes.count))
            #expect(metrics.value("mirror_bot_silences_total") == 1)  // the stranger
            #expect(metrics.value("mirror_bot_network_requests_total", ["account": "bot", "endpoint": "post", "status": "ok"])
                == Double(harness.posts.count + harness.replies.count))
            #expect(metrics.value("mirror_bot_network_requests_total", ["account": "bot", "endpoint": "like", "status": "ok"]) == 1)
            #expect(metrics.sum("mirror_bot_network_requests_total", matching: ["endpoint": "mentions"]) >= 2)
            #expect(metrics.value("mirror_bot_healthy") == 1)
            #expect(metrics.value("mirror_bot_loop_healthy", ["loop": "likes"]) == 1)
            #expect((metrics.value("mirror_bot_loop_last_success_timestamp_seconds", ["loop": "replies"]) ?? 0) > Date().timeIntervalSince1970 - 60)

            // A new mention: the counter moves with the fake's record.
            let again = harness.friendMentionsBotAgain()
            #expect(await harness.waitFor(20) { harness.replied(to: again) }, "\(harness.output)")
            #expect(await harness.waitFor(10) {
                (try? PrometheusExposition.parse(HTTPProbe.get("/metrics", port: port).body))?.value("mirror_bot_replies_total") == 3
            })
            metrics = try PrometheusExposition.parse(try HTTPProbe.get("/metrics", port: port).body)
            #expect(metrics.value("mirror_bot_replies_total") == Double(harness.replies.count))

            // Inside the calls: every HTTP attempt is counted, and a 503 the client retried shows as a retry.
            #expect(metrics.sum("mirror_bot_http_retries_total", matching: [:]) == 0)
            #expect(metrics.sum("mirror_bot_http_attempts_total", matching: ["status": "2xx"])
                >= metrics.sum("mirror_bot_network_requests_total", matching: ["status": "ok"]))
            #expect(metrics.value("mirror_bot_http_attempts_total", ["account": "bot", "endpoint": "POST /2/tweets", "status": "2xx"])
                == Double(harness.posts.count + harness.replies.count))
            harness.server.injectFault(.serverError(status: 503), count: 2, endpoint: "GET /2/users/:id/mentions")
            #expect(await harness.waitFor(30) {
                (try? PrometheusExposition.parse(HTTPProbe.get("/metrics", port: port).body))?.sum("mirror_bot_http_retries_total", matching: [:]) == 2
            }, "\(harness.output)")
            metrics = try PrometheusExposition.parse(try HTTPProbe.get("/metrics", port: port).body)
            #expect(metrics.value("mirror_bot_http_attempts_total", ["account": "bot", "endpoint": "GET /2/users/:id/mentions", "status": "5xx"]) == 2)
            #expect(metrics.sum("mirror_bot_http_retries_total", matching: ["endpoint": "GET /2/users/:id/mentions"]) == 2)
            #expect(metrics.sum("mirror_bot_client_rate_limit_waits_total", matching: [:]) == 0)
            #expect(metrics.sum("mirror_bot_network_requests_total", matching: ["status": "ok"]) > 0)

            // The page: today's plan with the posted slot, the last reply, the HTML reply escaped.
            let page = try HTTPProbe.get("/", port: port)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.body.contains("Today's plan"))
            #expect(page.body.contains("posted at"))
            #expect(page.body.contains(DaemonHarness.humanOriginal))
            #expect(page.body.contains("Last reply: to @friend"))
            #expect(page.body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;太字&lt;/b&gt;"))
            #expect(!page.body.contains("<script"))
            #expect(!page.body.contains("<b>太字"))
            #expect(page.body.contains("<svg"))
            #expect(page.body.contains("retried 2 time(s)"))
            #expect(try HTTPProbe.get("/healthz", port: port).body == "ok\n")

            // Read-only: writes are refused; HEAD has no body; anything else is unknown.
            for method in ["POST", "PUT", "DELETE"] {
                for path in ["/", "/healthz", "/metrics"] {
                    let refused = try HTTPProbe.request(method, path, port: port, headers: ["Content-Length: 0"])
                    #expect(refused.status == 405, "\(method) \(path)")
                    #expect(refused.headers["allow"] == "GET, HEAD")
                }
            }
            let head = try HTTPProbe.request("HEAD", "/", port: port)
            #expect(head.status == 200 && head.body.isEmpty)
            for path in ["/../../etc/passwd", "/metrics%00", "/%2e%2e/%2e%2e/etc/passwd", "/.env"] {
                #expect(try HTTPProbe.get(path, port: port).status == 404, "\(path)")
            }

            // No secret in any body.
            let bodies = try ["/", "/metrics", "/healthz", "/nowhere"].map { try HTTPProbe.get($0, port: port).body }
                + [try HTTPProbe.request("POST", "/", port: port, headers: ["Content-Length: 0"]).body]
            let secrets = harness.environment.filter { $0.key.hasSuffix("_KEY") || $0.key.hasSuffix("_SECRET") || $0.key.hasSuffix("_TOKEN") }.map(\.value)
                + [try TestEnvironment.require("TEST_PG_PASSWORD"), try TestEnvironment.require("TEST_REDIS_PASSWORD")]
            #expect(secrets.count == 10)
            for secret in secrets {
                #expect(!bodies.contains { $0.contains(secret) }, "a secret in a body")
            }

            // The image's health check script agrees.
            let check = try Self.healthcheckScript(port: port)
            #expect(check.status == 0, "\(check.output)")
            #expect(check.output == "ok\n")
            #expect(harness.stop(daemon) == 0)
            await harness.tearDown()
        }
    }

    @Test("slow, oversized and many clients are bounded by the server's limits; the daemon goes on replying")
    func hostileClients() async throws {
        try await DaemonHarness.with { harness in
            try await harness.setUp()
            let activity = harness.addActivity()
            let (daemon, port) = try await Self.startServing(harness)
            #expect(await harness.waitFor(30) { harness.replied(to: activity.friendMention) }, "\(harness.output)")

            // Forty slow clients (more than the 16 a single address may open) that never finish their headers,
            let slow = try (0..<40).map { _ in try HTTPProbe.Connection(port: port, timeout: 15) }
            for connection in slow { connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") }
            // one whose headers never fit,
            let huge = try HTTPProbe.Connection(port: port, timeout: 15)
            huge.send("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 1_000_000) + "\r\n\r\n")
            let refused = HTTPProbe.parse(huge.readToEnd())
            #expect(refused == nil || (400..<500).contains(refused?.status ?? 0), "\(String(describing: refused))")
            // and one trickling a byte at a time.
            let trickle = try HTTPProbe.Connection(port: port, timeout: 15)

            // Meanwhile the daemon answers a new mention.
            let again = harness.friendMentionsBotAgain()
            let answered = await harness.waitFor(20) {
                trickle.send("a")
                return harness.replied(to: again)
            }
            #expect(answered, "\(harness.output)")

            // The slow clients are closed by the server's idle timeout (10 s), not kept forever.
            let closed = slow.filter { $0.closedByServer() }.count
            #expect(closed == slow.count)
            slow.forEach { $0.close() }
            trickle.close()
            #expect(await harness.waitFor(10) { Self.healthz(port)?.status == 200 })
            #expect(daemon.isRunning)
            #expect(harness.stop(daemon) == 0)
            await harness.tearDown()
        }
    }

    @Test("/healthz turns 503 naming the loop when Redis stops, and 200 when it is back")
    func redisOutage() async throws {
        let redis = try RestartableRedis()
        try redis.start()
        try await DaemonHarness.with { harness in
            try await harness.setUp(redisURL: redis.url)
            _ = harness.addActivity()
            let (daemon, port) = try await Self.startServing(harness)
            #expect(await harness.waitFor(30) { Self.healthz(port)?.status == 200 }, "\(harness.output)")

            redis.stop()
            // The service check names Redis at once; the like loop fails once a post needs classifying.
            #expect(await harness.waitFor(30) { Self.healthz(port)?.status == 503 }, "\(harness.output)")
            _ = harness.server.addTweet(authorID: DaemonHarness.foodie, text: "ラーメン屋の新作つけ麺をもう一杯")
            #expect(await harness.waitFor(30) {
                let body = Self.healthz(port)?.body ?? ""
                return body.contains("likes: round failed: ") && body.contains("redis: down: ")
            }, "\(Self.healthz(port)?.body ?? "") \(harness.output)")
            let check = try Self.healthcheckScript(port: port)
            #expect(check.status == 1)
            #expect(check.output.contains("round failed"), "\(check.output)")
            let metrics = try PrometheusExposition.parse(try HTTPProbe.get("/metrics", port: port).body)
            #expect((metrics.value("mirror_bot_failed_rounds_total", ["loop": "likes"]) ?? 0) >= 1)
            #expect(metrics.value("mirror_bot_service_up", ["service": "redis"]) == 0)
            #expect(metrics.value("mirror_bot_service_up", ["service": "postgresql"]) == 1)
            #expect(metrics.value("mirror_bot_healthy") == 0)

            try redis.start()
            #expect(await harness.waitFor(90) { Self.healthz(port)?.status == 200 }, "\(Self.healthz(port)?.body ?? "") \(harness.output)")
            #expect(harness.stop(daemon) == 0)
            await harness.tearDown()
        }
        redis.stop()
    }

    @Test("/healthz turns 503 naming the loop when PostgreSQL stops, and 200 when it is back")
    func postgresOutage() async throws {
        // initdb and the server's start and stop block: on their own thread, not the test pool's.
        let postgres = try await onOwnThread { try RestartablePostgres() }
        try await onOwnThread { try postgres.start() }
        let harness = try await DaemonHarness(databaseBase: postgres.url)
        do {
            try await harness.setUp()
            _ = harness.addActivity()
            let (daemon, port) = try await Self.startServing(harness)
            #expect(await harness.waitFor(30) { Self.healthz(port)?.status == 200 }, "\(harness.output)")

            try await onOwnThread { postgres.stop() }
            #expect(await harness.waitFor(30) { Self.healthz(port)?.status == 503 }, "\(harness.output)")
            #expect(await harness.waitFor(30) {
                let body = Self.healthz(port)?.body ?? ""
                return body.contains("postgresql: down: ") && body.contains("replies: round failed: ")
            }, "\(Self.healthz(port)?.body ?? "") \(harness.output)")
            #expect(daemon.isRunning)

            try await onOwnThread { try postgres.start() }
            #expect(await harness.waitFor(90) { Self.healthz(port)?.status == 200 }, "\(Self.healthz(port)?.body ?? "") \(harness.output)")
            #expect(harness.stop(daemon) == 0)
        } catch {
            await harness.tearDown()
            throw error
        }
        await harness.tearDown()
        try await onOwnThread { postgres.stop() }
    }
}
