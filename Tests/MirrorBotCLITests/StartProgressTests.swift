import MirrorBot
@testable import MirrorBotCLI
import Synchronization
import Testing

@Suite("A host names the step a bot's start is stuck in")
struct StartProgressTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// The watch's lines, and the watch itself, looking every 10 ms and warning after 100 ms.
    func watching(_ progress: StartProgress) -> (lines: Lines, task: Task<Void, Never>) {
        let lines = Lines()
        let log = Logger(sink: { line in lines.append(line) })
        let task = Task { await progress.watch(bot: "mirror7", log: log, slowAfter: .milliseconds(100), every: .milliseconds(10)) }
        return (lines, task)
    }

    @Test("a step that lasts past the limit is named once, again when it lasted twice as long; the watch ends with the start")
    func slowStep() async throws {
        let progress = StartProgress()
        progress.enter("reading the bot's account")
        let (lines, task) = watching(progress)
        try await Task.sleep(for: .milliseconds(150))
        let first = lines.all
        #expect(first.count == 1)
        #expect(first.first?.contains("level=warning event=bot_start_slow bot=mirror7 step=\"reading the bot's account\"") == true)
        // Warned again near 2 x 100 ms after its first warning: never at every look.
        try await Task.sleep(for: .milliseconds(300))
        #expect((2...3).contains(lines.all.count))
        progress.enter(StartProgress.started)
        await task.value
    }

    @Test("waits the bot chose (its turn, its retry) are never warned of; a new step starts its own time")
    func quietWaits() async throws {
        let progress = StartProgress()
        let (lines, task) = watching(progress)
        try await Task.sleep(for: .milliseconds(200))
        progress.enter("waiting to start again", watched: false)
        try await Task.sleep(for: .milliseconds(200))
        #expect(lines.all.isEmpty)
        // Steps each shorter than the limit, one after another: nothing said.
        for step in ["reaching postgresql", "opening its posts", "opening its classifier"] {
            progress.enter(step)
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(lines.all.isEmpty)
        task.cancel()
        await task.value
    }
}
