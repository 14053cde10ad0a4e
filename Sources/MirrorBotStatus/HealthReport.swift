import Foundation
import MirrorBot

/// /healthz's verdict: healthy while every loop is on time and its last round
/// succeeded and every checked service answers; otherwise each problem in a line,
/// naming the loop or the service and the reason (`likes: round failed: redis …`,
/// `posting: late by 700 s`, `redis: down: …`).
public struct HealthReport: Sendable, Equatable {
    public var problems: [String]

    public var isHealthy: Bool { problems.isEmpty }

    /// A loop is late when its next round is more than `grace` seconds overdue.
    public init(_ state: StatusState, at now: Date, grace: TimeInterval) {
        switch state.phase {
        case .starting:
            let waiting = state.waitingFor.map { what in
                "starting: waiting for \(what)" + (state.waitingError.map { ": \($0)" } ?? "")
            }
            problems = [waiting ?? "starting"]
        case .stopping:
            problems = ["stopping"]
        case .running:
            problems = state.loops.compactMap { $0.problem(at: now, grace: grace) }
                + state.services.sorted { $0.key < $1.key }.compactMap { name, service in service.error.map { "\(name): down: \($0)" } }
        }
    }

    /// The body /healthz answers: `ok`, or one problem a line.
    public var text: String {
        isHealthy ? "ok\n" : problems.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
    }
}
