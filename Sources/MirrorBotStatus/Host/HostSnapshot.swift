import Foundation
import MirrorBot

/// A copy of the host's state, with each bot's board copied (`StatusSnapshot`) and its
/// condition worked out: what one request renders, without holding anything. `bots` is in
/// the order the page lists them: those in trouble first, then by name.
public struct HostSnapshot: Sendable {
    public var state: HostState
    /// The network calls of every bot, counted together (`HostBoard.network`).
    public var network: MetricsRegistry
    /// The process's HTTP requests by server: in libcurl's hands, and waiting in line for their turn.
    public var http: [String: (sent: Int, waiting: Int)]
    public var realNow: Date
    public var bots: [BotLine]

    public init(
        state: HostState, network: MetricsRegistry = MetricsRegistry(), http: [String: (sent: Int, waiting: Int)] = [:], realNow: Date
    ) {
        self.state = state
        self.network = network
        self.http = http
        self.realNow = realNow
        bots = state.bots.values.map { BotLine($0, at: realNow) }.sorted { ($0.condition.inTrouble ? 0 : 1, $0.name) < ($1.condition.inTrouble ? 0 : 1, $1.name) }
    }

    public var health: HostHealth { HostHealth(state, at: realNow) }

    /// One bot as the page and /metrics show it.
    public struct BotLine: Sendable {
        public var name: String
        public var network: String
        public var takenAt: Date
        public var condition: BotCondition
        /// The bot's own board, copied; nil until its variables were first read.
        public var status: StatusSnapshot?

        init(_ bot: HostedBot, at now: Date) {
            name = bot.name
            network = bot.network
            takenAt = bot.takenAt
            let status = bot.board?.snapshot()
            self.status = status
            condition = BotCondition(bot.run, status: status)
        }
    }
}

/// What a hosted bot is doing, from the host's view of its task and its own board.
public enum BotCondition: Sendable, Equatable {
    /// Its loops run, each on time and its last round good.
    case running
    /// Its loops run, and its own /healthz would answer 503 for these reasons.
    case unhealthy(problems: [String])
    /// Reading its variables, reaching its services and accounts; `waiting` says for what and why, once a try failed.
    case starting(waiting: String?)
    /// Stopped by an error (redacted), started again at `retryAt`.
    case failing(error: String, retryAt: Date, failures: Int)
    /// Stopped by the host.
    case stopped(reason: String)

    init(_ run: HostedBot.Run, status: StatusSnapshot?) {
        switch run {
        case .failed(let error, let retryAt, let failures):
            self = .failing(error: error, retryAt: retryAt, failures: failures)
        case .stopped(let reason):
            self = .stopped(reason: reason)
        case .started:
            guard let status else {
                self = .starting(waiting: nil)
                return
            }
            switch status.state.phase {
            case .starting:
                self = .starting(waiting: status.state.waitingFor.map { what in
                    "waiting for \(what)" + (status.state.waitingError.map { ": \($0)" } ?? "")
                })
            case .running:
                let health = status.health
                self = health.isHealthy ? .running : .unhealthy(problems: health.problems)
            case .stopping:
                self = .stopped(reason: "stopping")
            }
        }
    }

    /// The state's one-word name: a label value of /metrics and the page's state column.
    public var label: String {
        switch self {
        case .running: "running"
        case .unhealthy: "unhealthy"
        case .starting: "starting"
        case .failing: "failing"
        case .stopped: "stopped"
        }
    }

    public static let labels = ["running", "unhealthy", "starting", "failing", "stopped"]

    /// Listed first: failing, unhealthy, stopped, or starting after a failed try.
    public var inTrouble: Bool {
        switch self {
        case .running: false
        case .starting(let waiting): waiting != nil
        case .unhealthy, .failing, .stopped: true
        }
    }
}
