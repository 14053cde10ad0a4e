import CoreTestSupport
import Foundation
@testable import MirrorBot
import MirrorBotSpend
@testable import MirrorBotStatus
import Testing

@Suite("The day's X spend on the status page and in /metrics")
struct SpendStatusTests {
    @Test("the ledger's counts reach the page and the gauges; the budget's stop is said once and shown")
    func spendShown() {
        let world = StatusWorld()
        world.started()
        let ledger = SpendLedger(
            budget: 0.5, pricing: FlatPostPricing(), store: nil, clock: world.botClock, log: world.log("learning"), sink: world.board)
        ledger.record(endpoint: "GET /2/users/:id/timelines/reverse_chronological", resources: 80, dollars: 0.4)
        ledger.record(endpoint: "POST /2/tweets", resources: 1, dollars: 0.015)
        #expect(!ledger.allows(.optionalRead))
        #expect(!ledger.allows(.optionalRead))

        let home = ["endpoint": "GET /2/users/:id/timelines/reverse_chronological"]
        #expect(world.metric(StatusMetrics.spendRequests, home) == 1)
        #expect(world.metric(StatusMetrics.spendResources, home) == 80)
        #expect(world.metric(StatusMetrics.spendDollars, ["endpoint": "POST /2/tweets"]) == 0.015)
        #expect(world.metric(StatusMetrics.budget) == 0.5)
        #expect(world.metric(StatusMetrics.budgetStopped, ["what": "reads"]) == 1)
        #expect(world.metric(StatusMetrics.budgetStopped, ["what": "posting"]) == 0)
        let perDay = world.metric(StatusMetrics.spendEstimate, ["period": "day"]) ?? 0
        #expect(perDay >= 0.415)
        #expect(world.metric(StatusMetrics.spendEstimate, ["period": "month"]) == perDay * 30)

        let snapshot = world.board.snapshot()
        #expect(snapshot.state.actions.filter { $0.kind == .budgetReached }.count == 1)
        let page = StatusPage(snapshot).render()
        #expect(page.contains("API spend today ("))
        #expect(page.contains("Estimated $0.415 so far"))
        #expect(page.contains("<td>GET /2/users/:id/timelines/reverse_chronological</td><td>1</td><td>80</td><td>$0.400</td>"))
        #expect(page.contains("Daily budget (X_DAILY_BUDGET_USD): $0.500"))
        #expect(page.contains("reads for likes and learning stopped"))
        let metrics = PrometheusText.render(snapshot.metrics)
        #expect(metrics.contains("mirror_bot_api_spend_dollars{endpoint=\"POST /2/tweets\"} 0.015"))
    }

    @Test("without a paid API the page has no spend section")
    func noSpend() {
        let world = StatusWorld()
        world.started()
        #expect(!StatusPage(world.board.snapshot()).render().contains("API spend"))
    }
}
