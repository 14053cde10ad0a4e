import CoreTestSupport
import Foundation
@testable import MirrorBot
@testable import MirrorBotStatus
import Synchronization
import Testing

@Suite("Service checks for /healthz")
struct ServiceCheckLoopTests {
    struct Down: Error, CustomStringConvertible {
        var description: String { "Connection refused (redis://:hunter22@127.0.0.1:6379)" }
    }

    @Test("a service that stops answering shows on /healthz, redacted, logged once; back, and it is healthy again")
    func downAndBack() async throws {
        let world = StatusWorld(secrets: ["hunter22"])
        world.started()
        let redisUp = Mutex(true)
        let log = LogRecorder()
        let loop = ServiceCheckLoop(checks: [
            ServiceCheck(name: "postgresql") {},
            ServiceCheck(name: "redis") { if !redisUp.withLock({ $0 }) { throw Down() } },
        ], interval: .seconds(60), status: world.board, log: log.logger)

        #expect(try await loop.runOnce() == .seconds(60))
        #expect(world.snapshot.health.isHealthy)
        #expect(world.metric(StatusMetrics.serviceUp, ["service": "redis"]) == 1)

        redisUp.withLock { $0 = false }
        // A failed check is reported, not thrown: the loop keeps its pace.
        #expect(try await loop.runOnce() == .seconds(60))
        _ = try await loop.runOnce()
        #expect(world.snapshot.health.problems == ["redis: down: Connection refused (redis://:***@127.0.0.1:6379)"])
        #expect(world.metric(StatusMetrics.serviceUp, ["service": "redis"]) == 0)
        #expect(log.events("service_down").count == 1)

        redisUp.withLock { $0 = true }
        _ = try await loop.runOnce()
        #expect(world.snapshot.health.isHealthy)
        #expect(log.events("service_up").count == 1)
    }
}
