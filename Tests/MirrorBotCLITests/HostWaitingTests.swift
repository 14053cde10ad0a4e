import MirrorBot
@testable import MirrorBotCLI
import Synchronization
import Testing

@Suite("A host says which servers keep its requests waiting")
struct HostWaitingTests {
    @Test("once an interval, a warning a server whose requests wait in line, by server; none for a server keeping up")
    func reportWaiting() async throws {
        let lines = Mutex<[String]>([])
        let log = Logger(sink: { line in lines.withLock { $0.append(line) } })
        let counts = Mutex<[String: (sent: Int, waiting: Int)]>([
            "https://misskey.example:443": (64, 1_200), "https://mastodon.example:443": (3, 0),
        ])
        let reporting = Task {
            await HostCommand.reportWaiting(log: log, every: .milliseconds(20), requests: { counts.withLock { $0 } })
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while lines.withLock({ $0.isEmpty }), clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        counts.withLock { $0 = [:] }
        try await Task.sleep(for: .milliseconds(100))
        reporting.cancel()
        await reporting.value
        let said = lines.withLock { $0 }
        #expect(!said.isEmpty)
        #expect(said.allSatisfy {
            $0.contains("level=warning event=http_waiting server=https://misskey.example:443 sent=64 waiting=1200")
        })
        #expect(!said.contains { $0.contains("mastodon.example") })
    }
}
