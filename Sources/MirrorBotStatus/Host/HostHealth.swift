import Foundation

/// A host's /healthz verdict: healthy while its registry rounds succeed (it holds its leases and
/// runs its share); otherwise each problem in a line. A bot that fails does not make its host
/// unhealthy (restarting the host would not mend a revoked token): it is listed first on the
/// page and its `mirror_bot_healthy{bot}` is 0.
public struct HostHealth: Sendable, Equatable {
    public var problems: [String]

    public var isHealthy: Bool { problems.isEmpty }

    public init(_ state: HostState, at now: Date) {
        var problems: [String] = []
        if let lastRound = state.lastRound {
            if let fencedAt = state.fencedAt {
                let ago = Int(now.timeIntervalSince(fencedAt).rounded())
                problems.append("fenced: leases not renewed, every bot stopped \(ago) s ago")
            }
            if let error = state.roundError {
                problems.append("registry: round failed: \(error) (\(state.failedRounds) in a row)")
            } else {
                let late = Int(now.timeIntervalSince(lastRound).rounded())
                if late > state.leaseSeconds { problems.append("registry: no round for \(late) s") }
            }
        } else {
            problems.append("starting: waiting for postgresql" + ((state.roundError ?? state.waitingError).map { ": \($0)" } ?? ""))
        }
        self.problems = problems
    }

    /// The body /healthz answers: `ok`, or one problem a line.
    public var text: String {
        isHealthy ? "ok\n" : problems.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
    }
}
