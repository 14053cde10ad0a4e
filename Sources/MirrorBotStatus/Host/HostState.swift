import Foundation

/// What a host (`mirror-bot host`) shows of itself and of the bots it runs, as one value: the
/// host's board keeps it under a lock, the registry rounds and the bots' tasks change it, and
/// every request reads a copy (`HostSnapshot`). Times are real time.
public struct HostState: Sendable {
    /// The host's name in the registry (`HOST_NAME`).
    public var name: String
    public var leaseSeconds: Int
    public var maxBots: Int
    public var startedAt: Date
    /// Before the first round: why PostgreSQL could not be reached yet (redacted).
    public var waitingError: String?
    /// When a registry round last succeeded.
    public var lastRound: Date?
    /// The last round's failure (redacted), nil once a round succeeds; how many in a row, and in all.
    public var roundError: String?
    public var failedRounds = 0
    public var failedRoundsTotal = 0
    /// From the last good round: the host's share, the live hosts, the active bots of the registry, the leases held.
    public var share = 0
    public var liveHosts = 0
    public var activeBots = 0
    public var leases = 0
    /// Set when the host stopped its bots because it could not renew their leases; cleared by a good round.
    public var fencedAt: Date?
    /// The bots this host runs (or stopped when fenced), by name.
    public var bots: [String: HostedBot] = [:]

    public init(name: String, leaseSeconds: Int, maxBots: Int, startedAt: Date) {
        self.name = name
        self.leaseSeconds = leaseSeconds
        self.maxBots = maxBots
        self.startedAt = startedAt
    }
}

/// One bot a host runs: what the host knows of its task, and the bot's own status board
/// (counts only, `StatusDetail.counts`) once its variables were read.
public struct HostedBot: Sendable {
    /// The bot's task, as the host sees it (the loops' own health is on `board`).
    public enum Run: Sendable, Equatable {
        /// Started (again): reading its variables, reaching the services, or running its loops.
        case started
        /// Stopped by an error (redacted); started again at `retryAt`, after `failures` in a row.
        case failed(error: String, retryAt: Date, failures: Int)
        /// Stopped by the host (fenced: its leases could not be renewed).
        case stopped(reason: String)
    }

    public var name: String
    public var network: String
    /// When this host took it (real time).
    public var takenAt: Date
    public var run: Run
    /// The bot's status board, once its variables were read; kept across a failure to show its counts.
    public var board: StatusBoard?

    public init(name: String, network: String, takenAt: Date, run: Run = .started, board: StatusBoard? = nil) {
        self.name = name
        self.network = network
        self.takenAt = takenAt
        self.run = run
        self.board = board
    }
}
