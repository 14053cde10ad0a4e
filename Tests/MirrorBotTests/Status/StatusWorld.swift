import CoreTestSupport
import Foundation
@testable import MirrorBot

/// A status board on manual clocks (the bot's and real time), fed log events as the loops would.
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
        log = Logger(redactor: Redactor(secrets: secrets), sink: { _ in }).observed(by: board.observe)
    }

    static func at(_ time: String) -> Date {
        day.instant(atMinute: MinuteOfDay.parse(time) ?? 0, in: zone)
    }

    /// The daemon's `started` line, and a good first round of every loop.
    func started() {
        log.info("started", ["network": "x", "bot": "@mirror", "human": "@human", "time_zone": "Asia/Tokyo", "dry_run": false, "time_scale": "real time"])
        for loop in StatusMetrics.loops { board.roundSucceeded(loop, wait: .seconds(60)) }
    }

    func publishPlan(_ slots: [(String, PlanSlot.State)]) {
        board.publishPlan(slots.map { PlanSlot(date: Self.day, minute: MinuteOfDay.parse($0.0) ?? 0, state: $0.1) }, for: Self.day, timeZone: Self.zone)
    }

    var snapshot: StatusSnapshot { board.snapshot() }
    var state: StatusState { board.snapshot().state }
    func metric(_ name: String, _ labels: [String: String] = [:]) -> Double? { snapshot.metrics.value(name, labels) }
}
