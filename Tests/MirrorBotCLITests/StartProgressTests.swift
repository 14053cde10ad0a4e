import Clocks
import CoreTestSupport
import MirrorBot
@testable import MirrorBotCLI
import Synchronization
import Testing

@Suite("A host names the step a bot's start is stuck in")
struct StartProgressTests {
    let zero = ContinuousClock.now

    @Test("a step that lasts 5 minutes is named, again at twice as long, never at every look; a new step starts its own time")
    func slowStep() {
        let progress = StartProgress(at: zero)
        var looks = StartProgress.Looks(slowAfter: .seconds(300))
        progress.enter("reading the bot's account", at: zero)
        #expect(looks.slow(progress.current, now: zero + .seconds(299)) == nil)
        #expect(looks.slow(progress.current, now: zero + .seconds(300)) == .seconds(300))
        #expect(looks.slow(progress.current, now: zero + .seconds(315)) == nil)
        #expect(looks.slow(progress.current, now: zero + .seconds(599)) == nil)
        #expect(looks.slow(progress.current, now: zero + .seconds(600)) == .seconds(600))
        #expect(looks.slow(progress.current, now: zero + .seconds(1_000)) == nil)
        #expect(looks.slow(progress.current, now: zero + .seconds(1_200)) == .seconds(1_200))
        progress.enter("reading the human's account", at: zero + .seconds(1_300))
        #expect(looks.slow(progress.current, now: zero + .seconds(1_500)) == nil)
        #expect(looks.slow(progress.current, now: zero + .seconds(1_600)) == .seconds(300))
    }

    @Test("waits the bot chose (its turn, its retry) are never named, however long")
    func quietWaits() {
        let progress = StartProgress(at: zero)
        var looks = StartProgress.Looks(slowAfter: .seconds(300))
        #expect(progress.current.name == "waiting its turn")
        #expect(looks.slow(progress.current, now: zero + .seconds(3_600)) == nil)
        progress.enter("waiting to start again", watched: false, at: zero + .seconds(3_600))
        #expect(looks.slow(progress.current, now: zero + .seconds(7_200)) == nil)
    }

    @Test("the watch logs the bot and its step, and ends once the bot has started")
    func watchLogs() async throws {
        final class Lines: Sendable {
            private let lines = Mutex<[String]>([])
            func append(_ line: String) { lines.withLock { $0.append(line) } }
            var all: [String] { lines.withLock { $0 } }
        }
        let lines = Lines()
        let progress = StartProgress()
        progress.enter("opening its classifier")
        let watch = Task {
            await progress.watch(bot: "mirror7", log: Logger(sink: { lines.append($0) }), slowAfter: .zero, every: .milliseconds(10))
        }
        for _ in 0..<3_000 where lines.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(lines.all.first?.contains("level=warning event=bot_start_slow bot=mirror7 step=\"opening its classifier\" for_s=") == true)
        progress.enter(StartProgress.started)
        // Ends by itself (a hung watch would hang the test).
        await watch.value
    }

    @Test("a start reads the bot's account and its human's as starting (soon in their server's line), each step entered; what follows does not")
    func accountsReadStarting() async throws {
        let bot = ScriptedNetwork(account: Account(id: "2", username: "mirror"))
        let human = ScriptedNetwork(account: Account(id: "1", username: "haru"))
        let services = try Services.testing(ServicesMisskeyTests.complete)
        let progress = StartProgress()
        let read = try await StartCommand.accounts(bot: bot, human: human, services: services, clock: SystemClock(), progress: progress)
        #expect(read.bot.username == "mirror" && read.human.username == "haru")
        #expect(progress.current.name == "reading the human's account")
        _ = try await bot.me()
        #expect(bot.accountReadsStarting == [true, false])
        #expect(human.accountReadsStarting == [true])
    }
}
