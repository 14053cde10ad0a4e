import CoreTestSupport
import Foundation
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

@Suite("/healthz on manual clocks")
struct HealthReportTests {
    @Test("while starting: 503, naming the service it waits for and why")
    func starting() {
        let world = StatusWorld()
        #expect(world.snapshot.health.problems == ["starting"])
        world.log.report(.waitingFor(what: "postgresql", error: "connection refused", retryInSeconds: 2))
        #expect(world.snapshot.health.problems == ["starting: waiting for postgresql: connection refused"])
        world.started()
        #expect(world.snapshot.health.isHealthy)
        #expect(world.snapshot.health.text == "ok\n")
    }

    @Test("a failed round makes it unhealthy, naming the loop and the error; a good round makes it healthy again")
    func failedRound() {
        let world = StatusWorld()
        world.started()
        world.board.roundFailed("likes", error: NetworkError.failed(endpoint: "redis", status: 0, detail: "Connection refused"))
        let health = world.snapshot.health
        #expect(!health.isHealthy)
        #expect(health.problems == ["likes: round failed: redis: Connection refused"])
        #expect(world.metric(StatusMetrics.failedRounds, ["loop": "likes"]) == 1)
        #expect(world.metric(StatusMetrics.loopHealthy, ["loop": "likes"]) == 0)
        #expect(world.metric(StatusMetrics.healthy) == 0)
        world.board.roundSucceeded("likes", wait: .seconds(300))
        #expect(world.snapshot.health.isHealthy)
        #expect(world.metric(StatusMetrics.loopHealthy, ["loop": "likes"]) == 1)
    }

    @Test("counts lost from Redis: 503 saying so in words until they are rebuilt")
    func classifierLost() {
        let world = StatusWorld()
        world.started()
        world.log.report(.classifierLost(examples: 1_234))
        #expect(world.snapshot.health.problems == [
            "classifier counts: down: lost from Redis; liking nothing while they are rebuilt from the 1234 examples kept in PostgreSQL",
        ])
        #expect(world.metric(StatusMetrics.healthy) == 0)
        world.log.report(.classifierRebuilt(examples: 1_234, baseline: false, seconds: 0.8))
        #expect(world.snapshot.health.isHealthy)
    }

    @Test("a loop whose next round is overdue by more than the grace is late, by how much")
    func late() {
        let world = StatusWorld()
        world.started()
        world.realClock.advance(60 + 600)
        #expect(world.snapshot.health.isHealthy)
        for loop in ["replies", "likes", "learning"] { world.board.roundSucceeded(loop, wait: .seconds(60)) }
        world.realClock.advance(40)
        // posting's last good round was 700 s ago and it said it would wait 60.
        #expect(world.snapshot.health.problems == ["posting: late by 640 s"])
        #expect(world.metric(StatusMetrics.lastGoodRound, ["loop": "posting"]) == 1_800_000_000)
    }

    @Test("a loop that never finished a round is late once the grace has passed since the daemon started")
    func neverRan() {
        let world = StatusWorld()
        world.log.report(.started(StatusWorld.startup))
        world.realClock.advance(601)
        #expect(world.snapshot.health.problems.count == 4)
        #expect(world.snapshot.health.problems.first == "posting: late by 601 s")
    }

    @Test("after SIGTERM: 503 stopping")
    func stopping() {
        let world = StatusWorld()
        world.started()
        world.log.report(.stopping(signal: "SIGTERM"))
        #expect(world.snapshot.health.problems == ["stopping"])
    }
}
