import Clocks
import Foundation
import LogLines
import MirrorBot
import Synchronization

/// What `mirror-bot host` shows of itself, kept under one lock: the registry rounds and the
/// bots' tasks report here as things happen, and each status request copies it (`snapshot()`)
/// and renders the copy on the server's thread. Each bot's counts are on its own
/// `StatusBoard` (`StatusDetail.counts`), fed by its loops as `start`'s board is; the network
/// calls of every bot are counted once for the host, on `network`.
public final class HostBoard: Sendable {
    private let state: Mutex<HostState>
    private let clock: any BotClock
    private let redactor: Redactor
    /// Where every bot's network calls and HTTP attempts are counted (`CountingNetwork`, the
    /// client's observer): summed for the host, so a bot's board holds no series of them.
    public let network: StatusBoard
    /// The process's HTTP requests now, by server (`CurlTransport.requestsByServer`).
    private let httpRequests: @Sendable () -> [String: (sent: Int, waiting: Int)]

    public init(
        name: String, leaseSeconds: Int, maxBots: Int, clock: any BotClock = SystemClock(), redactor: Redactor = Redactor(),
        httpRequests: @escaping @Sendable () -> [String: (sent: Int, waiting: Int)] = { [:] }
    ) {
        self.clock = clock
        self.redactor = redactor
        self.httpRequests = httpRequests
        network = StatusBoard(botClock: clock, realClock: clock, redactor: redactor, detail: .counts)
        state = Mutex(HostState(name: name, leaseSeconds: leaseSeconds, maxBots: maxBots, startedAt: clock.now()))
    }

    /// A copy of everything: each bot's board copied too, each bot's line ready to sort and show.
    public func snapshot() -> HostSnapshot {
        let copy = state.withLock { $0 }
        return HostSnapshot(state: copy, network: network.snapshot().state.metrics, http: httpRequests(), realNow: clock.now())
    }

    /// The host's health alone (/healthz): no bot's board is copied.
    public func health() -> HostHealth {
        let copy = state.withLock { $0 }
        return HostHealth(copy, at: clock.now())
    }

    // MARK: - The registry

    /// The host could not reach PostgreSQL before its first round (`error` redacted here).
    public func waiting(error: any Error) {
        let text = redactor.redact(String(describing: error))
        state.withLock { $0.waitingError = text }
    }

    /// A registry round succeeded: the host holds `held` (by name) out of a share of `share`.
    /// A bot it ran and no longer holds (released, or taken by another host while fenced) is forgotten.
    public func roundSucceeded(held: Set<String>, share: Int, liveHosts: Int, activeBots: Int) {
        let now = clock.now()
        state.withLock { state in
            state.lastRound = now
            state.waitingError = nil
            state.roundError = nil
            state.failedRounds = 0
            state.fencedAt = nil
            state.share = share
            state.liveHosts = liveHosts
            state.activeBots = activeBots
            state.leases = held.count
            state.bots = state.bots.filter { held.contains($0.key) }
        }
    }

    /// A registry round failed (`error` redacted here).
    public func roundFailed(error: any Error) {
        let text = redactor.redact(String(describing: error))
        state.withLock { state in
            state.roundError = text
            state.failedRounds += 1
            state.failedRoundsTotal += 1
        }
    }

    /// The host stopped every bot: its leases could not be renewed (`reason`).
    public func fenced(reason: String) {
        let now = clock.now()
        state.withLock { state in
            state.fencedAt = now
            state.leases = 0
            for name in state.bots.keys { state.bots[name]?.run = .stopped(reason: reason) }
        }
    }

    // MARK: - The bots

    /// The host took `name` and starts it.
    public func taken(_ name: String, network: String) {
        let now = clock.now()
        state.withLock { $0.bots[name] = HostedBot(name: name, network: network, takenAt: now) }
    }

    /// The host gave `name` back (paused, over its share, or taken by another host).
    public func released(_ name: String) {
        state.withLock { $0.bots[name] = nil }
    }

    /// `name`'s variables were read: its loops feed `board` from now on.
    public func attach(_ board: StatusBoard, to name: String) {
        state.withLock { state in
            state.bots[name]?.board = board
            state.bots[name]?.run = .started
        }
    }

    /// `name` stopped with `error`, already redacted with the bot's own secrets, its `failures`-th
    /// failure in a row; started again in `retryIn`.
    public func failed(_ name: String, error: String, failures: Int, retryIn: Duration) {
        let retryAt = clock.now().addingTimeInterval(retryIn.seconds)
        state.withLock { state in
            state.bots[name]?.run = .failed(error: error, retryAt: retryAt, failures: failures)
        }
    }
}
