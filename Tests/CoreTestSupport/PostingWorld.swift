import APIClientTestSupport
import Foundation
import MirrorBot
import MirrorBotSpend

/// The posting loop on a manual clock, with in-memory stores and a scripted network.
public struct PostingWorld {
    public static let day = LocalDate(year: 2026, month: 12, day: 1)
    public let clock: ManualClock
    public let posts: InMemoryPostStore
    public let plans = InMemoryPlanStore()
    public let network: ScriptedNetwork
    public let log = LogRecorder()
    public let loop: PostingLoop

    /// The human's posts at these times of day (UTC) on 2026-11-20, the clock at `now` on `day`.
    public init(
        human: [(String, String)], now: String, dryRun: Bool = false, spending: SpendLedger? = nil, linkPosts: LinkPostSkipping = .tight,
        pollInterval: Duration = .seconds(300)
    ) {
        clock = ManualClock(Self.at(now))
        let texts = InMemoryBotTexts()
        posts = InMemoryPostStore(
            human.enumerated().map { index, entry in
                Post(id: "h\(index)", text: entry.1, createdAt: Self.at(entry.0, on: LocalDate(year: 2026, month: 11, day: 20)))
            }, texts: texts)
        network = ScriptedNetwork(clock: clock)
        var settings = DaemonSettings.testing(dryRun: dryRun)
        settings.spending = spending
        settings.linkPosts = linkPosts
        settings.pollInterval = pollInterval
        loop = PostingLoop(
            scheduler: Scheduler(rhythm: posts, plans: plans, picker: posts, timeZone: .gmt, postMentions: false),
            slots: plans, texts: texts, bot: network, botAccount: network.account, clock: clock, settings: settings, log: log.logger)
    }

    public static func at(_ time: String, on day: LocalDate = day) -> Date {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return day.instant(atMinute: parts[0] * 60 + parts[1], in: .gmt).addingTimeInterval(Double(parts.count > 2 ? parts[2] : 0))
    }

    public func seedPlan(_ times: [String]) async {
        let minutes = times.map { MinuteOfDay.of(Self.at($0), in: .gmt) }
        await plans.seed(minutes.map { PlanSlot(date: Self.day, minute: $0) }, for: Self.day)
    }

    public func states() async -> [String: PlanSlot.State] {
        let slots = await plans.plan(for: Self.day) ?? []
        return Dictionary(uniqueKeysWithValues: slots.map { ($0.time, $0.state) })
    }
}
