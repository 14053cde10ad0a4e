import APIClientTestSupport
import CoreTestSupport
import Foundation
import LogLines
@testable import MirrorBot
@testable import MirrorBotStatus

/// A status board on manual clocks (the bot's and real time), fed events through a logger as the loops feed it.
struct StatusWorld {
    static let day = LocalDate(year: 2026, month: 12, day: 1)
    static let zone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    let botClock: ManualClock
    let realClock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let board: StatusBoard
    let log: Logger

    /// The bot's clock at `time` (HH:MM, Asia/Tokyo) on `day`.
    init(at time: String = "09:00", secrets: [String] = []) {
        botClock = ManualClock(Self.at(time))
        board = StatusBoard(botClock: botClock, realClock: realClock, redactor: Redactor(secrets: secrets))
        log = Logger(redactor: Redactor(secrets: secrets), sink: { _ in }).reporting(to: board)
    }

    static let startup = BotEvent.Startup(
        network: "x", bot: "@mirror", human: "@human", timeZone: "Asia/Tokyo", dryRun: false, pollSeconds: 300, learnSeconds: 1200,
        timeScale: "real time")

    /// `loop`'s logger: its events reach the board with the loop's name.
    func log(_ loop: String) -> Logger { log.with(["loop": loop]) }

    /// A like decision as the like loop reports it.
    static func like(
        _ post: String, author: String, ratio: Double, threshold: Double = 3, features: [String] = [],
        _ verdict: BotEvent.LikeDecision.Verdict
    ) -> BotEvent {
        .likeDecided(BotEvent.LikeDecision(
            post: post, author: author, ratio: ratio, threshold: .fixed(threshold), features: features, verdict: verdict))
    }

    /// A planned slot's post as the posting loop reports it.
    static func post(_ slot: String, at: String, text: String) -> BotEvent.SlotPost {
        BotEvent.SlotPost(slot: slot, at: at, source: "1", window: 30, widenedBy: 0, text: text)
    }

    static func at(_ time: String) -> Date {
        day.instant(atMinute: MinuteOfDay.parse(time) ?? 0, in: zone)
    }

    /// The daemon's `started` event, and a good first round of every loop.
    func started() {
        log.report(.started(Self.startup))
        for loop in StatusMetrics.loops { board.roundSucceeded(loop, wait: .seconds(60)) }
    }

    func publishPlan(_ slots: [(String, PlanSlot.State)]) {
        board.publishPlan(slots.map { PlanSlot(date: Self.day, minute: MinuteOfDay.parse($0.0) ?? 0, state: $0.1) }, for: Self.day, timeZone: Self.zone)
    }

    var snapshot: StatusSnapshot { board.snapshot() }
    var state: StatusState { board.snapshot().state }
    func metric(_ name: String, _ labels: [String: String] = [:]) -> Double? { snapshot.metrics.value(name, labels) }
}
