import Clocks
import Foundation
import MirrorBot
import Synchronization

/// The day's spend on a network that charges for its API (X), as the adapter counts it, and
/// the daily budget: past `readsShare` of it the reads that only inform stop; a post that would
/// take the day past it is not sent (nor are mentions read for replies). Each stop is said once
/// a day (`BotEvent.budgetReached`). Days are UTC days, X's billing day (a post read twice in one
/// UTC day is charged once: `firstReads` says which posts are new today, across restarts and daemons).
///
/// Counting is synchronous (`record`); keeping it in the `SpendStore` is the adapter's
/// `persist` (awaited where it counted), so a restart keeps the day's spend (`attach`).
///
/// In a host, the ledger of an X bot also shares its app's spend (`share`, `SpendLedger+App.swift`):
/// the budget then holds over all the app's bots together.
public final class SpendLedger: SpendGate {
    /// The daily budget in dollars (`X_DAILY_BUDGET_USD`); nil: none.
    public let budget: Double?
    /// The share of the budget past which reads that only inform stop, leaving the rest for posting.
    public static let readsShare = 0.8
    public let pricing: any PostPricing
    let store: Mutex<(any SpendStore)?>
    public let clock: any BotClock
    let log: Logger?
    let sink: (any SpendSink)?
    private let state = Mutex(State())
    /// The posts read today as this process saw them: the count when the store is not there or fails.
    let readToday = Mutex((day: "", ids: Set<String>()))
    /// The app's spend, shared with its other bots, and its standing as last read; nil: this bot's alone.
    let app = Mutex<(store: any AppSpendStore, standing: AppSpend)?>(nil)

    struct State {
        var day = ""
        var lines: [String: SpendLine] = [:]
        var stopsSaid: Set<BudgetStop> = []
    }

    public init(
        budget: Double?, pricing: any PostPricing, store: (any SpendStore)?, clock: any BotClock, log: Logger? = nil,
        sink: (any SpendSink)? = nil
    ) {
        self.budget = budget
        self.pricing = pricing
        self.store = Mutex(store)
        self.clock = clock
        self.log = log
        self.sink = sink
    }

    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// The UTC day of `date`, `yyyy-MM-dd`.
    public static func day(of date: Date) -> String {
        LocalDate(date, in: Self.utc).description
    }

    /// Keeps the spend in `store` from now on and reads today's from it (after a restart).
    public func attach(_ store: any SpendStore) async throws {
        self.store.withLock { $0 = store }
        let today = Self.day(of: clock.now())
        let stored = try await store.spend(day: today)
        // What was counted before the store was attached (the accounts' look-ups) is added to it.
        let early = state.withLock { $0.day == today ? Array($0.lines.values) : [] }
        for line in early { try await store.addSpend(line, day: today) }
        let lines = stored + early
        state.withLock { state in
            state.day = today
            state.lines = [:]
            for line in lines { state.lines[line.endpoint, default: .zero(line.endpoint)].add(line) }
            state.stopsSaid = []
        }
        publish()
    }

    /// Counts one request (or write) to `endpoint`: `resources` posts returned (or 1 write) at `dollars`.
    /// Returns the line to persist.
    @discardableResult
    public func record(endpoint: String, requests: Int = 1, resources: Int, dollars: Double) -> SpendLine {
        let line = SpendLine(endpoint: endpoint, requests: requests, resources: resources, dollars: dollars)
        let today = Self.day(of: clock.now())
        state.withLock { state in
            if state.day != today { state = State(day: today) }
            state.lines[endpoint, default: .zero(endpoint)].add(line)
        }
        publish()
        return line
    }

    /// Keeps `line` (from `record`) in the store, and adds it to the app's spend unless it was
    /// `claimed` there before it was sent; a failure is logged, never thrown: the count stays in memory.
    public func persist(_ line: SpendLine, claimed: Bool = false) async {
        if !claimed { await addToApp(line) }
        guard let store = store.withLock({ $0 }) else { return }
        do {
            try await store.addSpend(line, day: Self.day(of: clock.now()))
        } catch {
            log?.warning("spend_not_stored", ["endpoint": line.endpoint, "error": "\(error)"])
        }
    }

    /// Today's spend so far, by endpoint, with the budget's standing.
    public func today() -> SpendDay {
        let now = clock.now()
        let today = Self.day(of: now)
        let (lines, stopped) = state.withLock { state in
            state.day == today ? (Array(state.lines.values), state.stopsSaid) : ([], [])
        }
        let startOfDay = LocalDate(now, in: Self.utc).instant(atMinute: 0, in: Self.utc)
        return SpendDay(
            day: today, lines: lines.sorted { $0.endpoint < $1.endpoint }, budget: budget,
            elapsed: now.timeIntervalSince(startOfDay), stopped: stopped)
    }

    /// True when the budget leaves room for `use`; the first refusal of each kind a day is reported.
    public func allows(_ use: SpendUse) -> Bool {
        let (spent, budget) = standing()
        guard let budget else { return true }
        let stop: BudgetStop?
        switch use {
        case .optionalRead: stop = spent >= budget * Self.readsShare ? .reads : nil
        case .essentialRead: stop = spent >= budget ? .posting : nil
        case .post(let text, let reply): stop = spent + pricing.price(ofPost: text, reply: reply) > budget ? .posting : nil
        case .picturePost(let text, let pictures, let described):
            let price = pricing.price(ofPost: text, reply: false) + pricing.price(ofPictures: pictures, described: described)
            stop = spent + price > budget ? .posting : nil
        }
        guard let stop else { return true }
        say(stop, spent: spent, budget: budget)
        return false
    }

    /// Reports `stop` the first time it happens in a day.
    func say(_ stop: BudgetStop, spent: Double, budget: Double) {
        let first = state.withLock { state in
            if state.day != Self.day(of: clock.now()) { state = State(day: Self.day(of: clock.now())) }
            return state.stopsSaid.insert(stop).inserted
        }
        if first {
            log?.report(.budgetReached(stop, spent: spent, budget: budget))
            publish()
        }
    }

    /// Whether the price table counts `text` as a post containing a URL.
    public func isLinkPost(_ text: String) -> Bool { pricing.hasURL(text) }

    private func publish() {
        sink?.spendChanged(today())
    }
}

/// Where the day's spend is shown as it changes: the status page (`StatusBoard`).
public protocol SpendSink: Sendable {
    func spendChanged(_ day: SpendDay)
}

/// One UTC day's spend: by endpoint, the total, an estimate for the whole day and a month.
public struct SpendDay: Sendable, Equatable {
    public var day: String
    public var lines: [SpendLine]
    public var budget: Double?
    /// Seconds of the day gone when this was taken.
    public var elapsed: TimeInterval
    /// What the budget stopped today.
    public var stopped: Set<BudgetStop>

    public var total: Double { lines.reduce(0) { $0 + $1.dollars } }

    /// The day's spend at today's rate: the total over the share of the day gone (at least an hour).
    public var estimatedPerDay: Double { total * 86_400 / max(3_600, min(86_400, elapsed)) }
    /// Thirty days at that rate.
    public var estimatedPerMonth: Double { estimatedPerDay * 30 }
}
