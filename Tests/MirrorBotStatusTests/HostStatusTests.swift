import APIClientTestSupport
import CoreTestSupport
import Foundation
import LogLines
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

/// A host's board on a manual clock with three bots: `alice` running and answering, `bob`
/// still reading its variables, `carol` failing with an error that carried her token.
struct HostWorld {
    static let token = "carol-secret-token-123"
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let board: HostBoard
    let alice: StatusWorld

    init() {
        board = HostBoard(name: "host-<a>", leaseSeconds: 30, maxBots: 1_000, clock: clock, redactor: Redactor(secrets: ["pg-password"]))
        alice = StatusWorld(at: "10:00")
        board.roundSucceeded(held: ["alice", "bob", "carol"], share: 3, liveHosts: 2, activeBots: 6)
        for name in ["carol", "alice", "bob"] { board.taken(name, network: "mastodon") }
        board.attach(alice.board, to: "alice")
        alice.started()
        alice.log("replies").report(.replied(BotEvent.Reply(mention: "5", to: "@friend", text: "また今度ね"), id: "10"))
        alice.log("posting").report(.posted(StatusWorld.post("09:10", at: "09:11", text: "おはよう"), id: "9"))
        let carol = Redactor(secrets: [Self.token]).redact("<b>401</b> unauthorized for token \(Self.token)")
        board.failed("carol", error: carol, failures: 2, retryIn: .seconds(10))
    }

    var snapshot: HostSnapshot { board.snapshot() }
    var routes: HostRoutes { HostRoutes(board: board) }
}

@Suite("A host's status: every bot, those in trouble first; its health; /metrics")
struct HostStatusTests {
    @Test("bots in trouble first, then by name; a failing bot's error (redacted) and when it is tried again")
    func order() {
        let world = HostWorld()
        let bots = world.snapshot.bots
        #expect(bots.map(\.name) == ["carol", "alice", "bob"])
        #expect(bots.map(\.condition.label) == ["failing", "running", "starting"])
        guard case .failing(let error, let retryAt, let failures) = bots[0].condition else {
            Issue.record("carol is not failing: \(bots[0].condition)")
            return
        }
        #expect(error == "<b>401</b> unauthorized for token ***")
        #expect(retryAt == world.clock.now().addingTimeInterval(10))
        #expect(failures == 2)
        // A round failed in alice's loops: she is in trouble too, listed after carol by name.
        world.alice.board.roundFailed("likes", error: PostgresLikeError(text: "redis: connection reset"))
        #expect(world.snapshot.bots.map(\.name) == ["alice", "carol", "bob"])
        #expect(world.snapshot.bots[0].condition.label == "unhealthy")
    }

    @Test("the page lists every bot with its counts, the host's line, everything escaped, no secret")
    func page() {
        let world = HostWorld()
        world.board.roundFailed(error: PostgresLikeError(text: "connection to postgres://bot:pg-password@db failed"))
        let page = HostPage(world.snapshot).render()
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>mirror-bot host: host-&lt;a&gt;</title>"))
        #expect(page.contains("3 bot(s) on this host, 1 in trouble"))
        #expect(page.contains("leases held: 3 (share 3, at most 1000)"))
        #expect(page.contains("live hosts: 2"))
        #expect(page.contains("registry: round failed: connection to postgres://bot:***@db failed (1 in a row)"))
        #expect(page.contains("&lt;b&gt;401&lt;/b&gt; unauthorized for token ***"))
        #expect(page.contains("tried again in 10 s (2027-01-15 08:00:10 UTC); 2 failure(s) in a row"))
        #expect(page.contains("<b>alice</b><br><span class=\"muted\">@mirror imitating @human</span>"))
        // alice: 1 post, 1 reply, 0 likes, 0 silent, 0 skipped, 0 failed rounds.
        #expect(page.contains("<td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>0</td>"))
        #expect(page.contains("no counts yet"))
        #expect(!page.contains(HostWorld.token) && !page.contains("pg-password") && !page.contains("<b>401"))
        #expect(page.firstRange(of: "carol")?.lowerBound ?? page.endIndex < page.firstRange(of: "<b>alice")?.lowerBound ?? page.startIndex)
    }

    @Test("/metrics shows the host's HTTP requests by server, sent and waiting in line")
    func httpRequests() throws {
        let board = HostBoard(
            name: "a", leaseSeconds: 30, maxBots: 10, clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)),
            httpRequests: { ["https://misskey.example:443": (64, 1_200)] })
        let metrics = try PrometheusExposition.parse(HostRoutes(board: board).respond(method: "GET", path: "/metrics").text)
        let server = "https://misskey.example:443"
        #expect(metrics.value(HostMetrics.httpRequests, ["server": server, "state": "sent"]) == 64)
        #expect(metrics.value(HostMetrics.httpRequests, ["server": server, "state": "waiting"]) == 1_200)
    }

    @Test("/metrics parses strictly: host gauges, each bot's counters with a bot label, network calls summed")
    func metrics() throws {
        let world = HostWorld()
        world.board.network.countRequest(account: "bot", endpoint: "post", outcome: "ok", rateLimited: false)
        let reply = world.routes.respond(method: "GET", path: "/metrics")
        #expect(reply.header("Content-Type") == PrometheusText.contentType)
        let metrics = try PrometheusExposition.parse(reply.text)
        #expect(metrics.value("mirror_bot_host_healthy") == 1)
        #expect(metrics.value("mirror_bot_host_leases") == 3)
        #expect(metrics.value("mirror_bot_host_live_hosts") == 2)
        #expect(metrics.value("mirror_bot_host_bots", ["state": "failing"]) == 1)
        #expect(metrics.value("mirror_bot_host_bots", ["state": "running"]) == 1)
        #expect(metrics.value("mirror_bot_host_bots", ["state": "stopped"]) == 0)
        #expect(metrics.value("mirror_bot_replies_total", ["bot": "alice"]) == 1)
        #expect(metrics.value("mirror_bot_posts_total", ["bot": "alice"]) == 1)
        #expect(metrics.value("mirror_bot_failed_rounds_total", ["bot": "alice", "loop": "likes"]) == 0)
        #expect(metrics.value("mirror_bot_healthy", ["bot": "alice"]) == 1)
        #expect(metrics.value("mirror_bot_healthy", ["bot": "carol"]) == 0)
        #expect(metrics.value("mirror_bot_network_requests_total", ["account": "bot", "endpoint": "post", "status": "ok"]) == 1)
        // Every bot-level series names its bot; a running bot adds exactly perBotSeries of them.
        let perBot = metrics.flatMap(\.samples).filter { HostMetrics.perBot.contains($0.name) }
        #expect(perBot.allSatisfy { $0.labels["bot"] != nil })
        #expect(perBot.filter { $0.labels["bot"] == "alice" }.count == HostMetrics.perBotSeries - 1)  // no slot planned: no next slot
    }

    @Test("/healthz: starting until a round succeeds, 200 while rounds succeed, 503 on a failed round and when fenced")
    func health() {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let board = HostBoard(name: "a", leaseSeconds: 30, maxBots: 10, clock: clock)
        let routes = HostRoutes(board: board)
        board.waiting(error: PostgresLikeError(text: "connection refused"))
        #expect(routes.respond(method: "GET", path: "/healthz").status == 503)
        #expect(routes.respond(method: "GET", path: "/healthz").text == "starting: waiting for postgresql: connection refused\n")
        board.roundSucceeded(held: ["x"], share: 1, liveHosts: 1, activeBots: 1)
        board.taken("x", network: "x")
        #expect(routes.respond(method: "GET", path: "/healthz").text == "ok\n")
        clock.advance(31)
        #expect(routes.respond(method: "GET", path: "/healthz").text == "registry: no round for 31 s\n")
        board.roundFailed(error: PostgresLikeError(text: "timeout"))
        board.fenced(reason: "fenced: leases not renewed for 20 s")
        #expect(routes.respond(method: "GET", path: "/healthz").text == """
            fenced: leases not renewed, every bot stopped 0 s ago
            registry: round failed: timeout (1 in a row)

            """)
        #expect(board.snapshot().bots.map(\.condition) == [.stopped(reason: "fenced: leases not renewed for 20 s")])
        // Back, holding nothing: another host took the bot meanwhile.
        board.roundSucceeded(held: [], share: 1, liveHosts: 2, activeBots: 1)
        #expect(routes.respond(method: "GET", path: "/healthz").status == 200)
        #expect(board.snapshot().bots.isEmpty)
    }

    @Test("read-only like start's: writes 405, unknown paths 404, the page with no script")
    func routes() {
        let routes = HostWorld().routes
        #expect(routes.respond(method: "POST", path: "/").status == 405)
        #expect(routes.respond(method: "GET", path: "/bots").status == 404)
        let page = routes.respond(method: "GET", path: "/")
        #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(page.header("Cache-Control") == "no-store")
    }

    @Test("a counts-only board keeps the counts, the last post and reply, and no action, decision or rhythm")
    func countsOnly() {
        let clock = ManualClock(StatusWorld.at("10:00"))
        let board = StatusBoard(botClock: clock, realClock: clock, detail: .counts)
        let log = Logger(sink: { _ in }).reporting(to: board)
        log.report(.replied(BotEvent.Reply(mention: "5", to: "@friend", text: "また今度ね"), id: "10"))
        log.report(.posted(StatusWorld.post("09:10", at: "09:11", text: "おはよう"), id: "9"))
        log.report(StatusWorld.like("7", author: "@foodie", ratio: 14.741, features: ["ラーメン"], .liked))
        let state = board.snapshot().state
        #expect(state.actions.isEmpty && state.classifier.decisions.isEmpty && state.classifier.recentFavoriteFeatures.isEmpty)
        #expect(state.metrics.value(StatusMetrics.likes) == 1 && state.metrics.value(StatusMetrics.replies) == 1)
        #expect(state.lastPostAt == clock.now() && state.lastReply?.subject == "@friend")
        #expect(!board.needsRhythm(for: StatusWorld.day))
    }
}

/// An error as a driver might describe it (with whatever it was told).
struct PostgresLikeError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
