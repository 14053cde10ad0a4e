import APIClientTestSupport
import CoreTestSupport
import Foundation
import LogLines
@testable import MirrorBot
@testable import MirrorBotStatus
import Synchronization
import Testing

@Suite("The loops feed the status board")
struct StatusHooksTests {
    @Test("the supervisor reports failed and good rounds: the board shows the failure, then health again")
    func supervisor() async {
        let world = StatusWorld()
        world.started()
        let clock = ManualClock(sleepLimit: 2)
        let loop = FlakyLoop(failures: 1)
        await LoopSupervisor(clock: clock, log: .silent, status: world.board).run(loop)
        #expect(world.metric(StatusMetrics.failedRounds, ["loop": "flaky"]) == 1)
        // "flaky" is not one of the daemon's loops: the board lists only those, so health is unchanged.
        #expect(world.snapshot.health.isHealthy)
    }

    @Test("a loop begun at a phase is due when its phase ends: not late on the board before that")
    func phasedLoop() async {
        let world = StatusWorld()
        world.started()
        struct Learning: DaemonLoop {
            let name = "learning"
            func runOnce() async throws -> Duration { .seconds(1_200) }
        }
        // No sleep allowed: stopped within its phase, before a round.
        await LoopSupervisor(clock: ManualClock(sleepLimit: 0), log: .silent, status: world.board).run(Learning(), after: .seconds(1_200))
        world.realClock.advance(1_500)
        #expect(!world.snapshot.health.problems.contains { $0.hasPrefix("learning") })
        world.realClock.advance(400)
        #expect(world.snapshot.health.problems.contains("learning: late by 700 s"))
    }

    @Test("a failing daemon loop shows on /healthz until its next good round")
    func failingLoop() async {
        let world = StatusWorld()
        world.started()
        /// Fails its first round, then succeeds.
        final class Likes: DaemonLoop {
            let name = "likes"
            let rounds = Mutex(0)
            func runOnce() async throws -> Duration {
                let round = rounds.withLock { value -> Int in
                    value += 1
                    return value
                }
                if round == 1 { throw NetworkError.failed(endpoint: "redis", status: 0, detail: "down") }
                return .seconds(60)
            }
        }
        let loop = Likes()
        // No sleep allowed: the backoff after the failure ends the run.
        await LoopSupervisor(clock: ManualClock(sleepLimit: 0), log: .silent, status: world.board).run(loop)
        #expect(world.snapshot.health.problems == ["likes: round failed: redis: down"])
        // Let the second round run: it succeeds, and the loop is healthy again.
        await LoopSupervisor(clock: ManualClock(sleepLimit: 0), log: .silent, status: world.board).run(loop)
        #expect(world.snapshot.health.isHealthy)
    }

    @Test("the posting loop publishes today's plan each round and the rhythm once a day")
    func postingPublishes() async throws {
        let world = PostingWorld(human: [("15:05", "三時過ぎのつぶやき"), ("16:00", "四時")], now: "15:06")
        let status = StatusBoard(botClock: world.clock, realClock: ManualClock())
        let loop = PostingLoop(
            scheduler: world.loop.scheduler, slots: world.plans, texts: world.loop.texts, bot: world.network, botAccount: world.network.account,
            clock: world.clock, settings: world.loop.settings, log: world.log.logger.reporting(to: status), status: status)
        await world.seedPlan(["15:05", "18:00"])
        _ = try await loop.runOnce()
        let state = status.snapshot().state
        #expect(state.plan?.slots.map(\.time) == ["15:05", "18:00"])
        // Posted during the round: the event updated the published plan.
        #expect(state.plan?.slots.first?.state == .posted)
        #expect(state.rhythm?.human.reduce(0, +) == 2)
        #expect(state.rhythm?.day == PostingWorld.day)
        #expect(status.needsRhythm(for: PostingWorld.day) == false)
        #expect(status.needsRhythm(for: PostingWorld.day.adding(days: 1)))
    }

    @Test("the logger hands every event to its sink as it is, at any level, with its loop; the board keeps it redacted")
    func loggerSink() {
        let recorder = EventRecorder()
        let refused = BotEvent.likeRefused(post: "1", author: "@a", status: 403, detail: "token=topsecret at postgres://u:pw@db/x")
        let log = Logger(redactor: Redactor(secrets: ["topsecret"]), minimumLevel: .error, sink: { _ in })
            .reporting(to: recorder).with(["loop": "likes"])
        log.report(refused)
        #expect(recorder.events.first?.event == refused)
        #expect(recorder.events.first?.loop == "likes")
        let world = StatusWorld(secrets: ["topsecret"])
        world.log("likes").report(refused)
        #expect(world.state.actions.first?.reason == "HTTP 403: token=*** at postgres://u:***@db/x")
        #expect(world.state.actions.first?.loop == "likes")
    }
}
