import Foundation
import MirrorBot
import Testing

@Suite("NetworkError lines")
struct NetworkErrorTests {
    /// A network client should never hand over such a reset, but the daemon's log line must not trap on one (`Int(1e30)` does).
    @Test("a rate-limit reset beyond any clock is shown without trapping", arguments: [1e30, -.infinity, .nan, 1_700_000_900.25])
    func rateLimitedLine(seconds: Double) {
        let line = NetworkError.rateLimited(endpoint: "GET /x", resetAt: Date(timeIntervalSince1970: seconds)).description
        let shown = seconds == 1_700_000_900.25 ? "1700000900" : "\(seconds)"
        #expect(line == "GET /x: rate limit spent until \(shown)")
    }
}
