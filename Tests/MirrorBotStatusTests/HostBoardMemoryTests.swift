import APIClientTestSupport
import CoreTestSupport
import Foundation
import LogLines
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

/// What a host's page costs a bot in memory: its board (`StatusDetail.counts`) and its entry on
/// the host's board, after a busy day, measured as the growth of the process's resident memory
/// over many bots, in a copy of the test process that runs only this suite. The figures in docs/MANY-BOTS.md:
/// `HOST_BOARD_BOTS=2000 scripts/test.sh --skip-build --filter HostBoardMemoryTests`.
@Suite("A host's board: what each bot costs in memory", .serialized)
struct HostBoardMemoryTests {
    /// 2,000 (run alone) gave the figures in docs/MANY-BOTS.md; 300 keeps the suite quick.
    static let bots = Int(ProcessInfo.processInfo.environment["HOST_BOARD_BOTS"] ?? "") ?? 300

    /// A busy day of one bot: a plan of 10 slots, 8 posts, 5 replies, 3 silences, 60 like decisions
    /// (2 liked), 4 failed rounds; with `network`, its calls and HTTP attempts by every endpoint,
    /// account and outcome (a host counts those on its own board, not the bot's).
    static func busyDay(_ board: StatusBoard, network: Bool) {
        let log = Logger(sink: { _ in }).reporting(to: board)
        log.report(.started(StatusWorld.startup))
        let text = String(repeating: "今日はいい天気ですね、散歩に行こう。", count: 4)
        board.publishPlan((0..<10).map { PlanSlot(date: StatusWorld.day, minute: 420 + $0 * 60, state: .planned) }, for: StatusWorld.day, timeZone: StatusWorld.zone)
        for slot in 0..<8 {
            log.with(["loop": "posting"]).report(.posted(StatusWorld.post(MinuteOfDay.format(420 + slot * 60), at: "07:00", text: text), id: "\(slot)"))
        }
        for reply in 0..<5 {
            log.with(["loop": "replies"]).report(.replied(BotEvent.Reply(mention: "\(reply)", to: "@friend\(reply)", text: text), id: "r\(reply)"))
        }
        for silent in 0..<3 { log.with(["loop": "replies"]).report(.replySilent(mention: "s\(silent)", to: "@stranger\(silent)")) }
        for like in 0..<60 {
            let verdict: BotEvent.LikeDecision.Verdict = like % 30 == 0 ? .liked : .passed
            log.with(["loop": "likes"]).report(StatusWorld.like("\(like)", author: "@author\(like % 40)", ratio: 1.5, features: ["天気", "散歩", "ラーメン"], verdict))
        }
        for endpoint in StatusMetrics.endpoints where network {
            for account in ["bot", "human"] {
                for failed in [false, true] {
                    board.countRequest(account: account, endpoint: endpoint, outcome: failed ? "server" : "ok", rateLimited: false)
                    board.countAttempt(account: account, endpoint: "GET /api/v1/\(endpoint)", status: failed ? 503 : 200)
                }
            }
        }
        for loop in StatusMetrics.loops {
            board.roundFailed(loop, error: PostgresLikeError(text: "connection reset by peer"))
            board.roundSucceeded(loop, wait: .seconds(60))
        }
    }

    /// Resident bytes (`/proc/self/statm`'s second field, in 4 KB pages); 0 where there is no /proc.
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
    }

    /// Resident bytes a bot adds to a host with boards of `detail`, counting its network calls on its own board or not;
    /// the host is kept in `kept`, so a later measure never reuses its memory.
    static func perBot(_ detail: StatusDetail, network: Bool = false, keeping kept: inout [HostBoard]) -> Int {
        let clock = ManualClock(StatusWorld.at("10:00"))
        let before = residentBytes()
        let host = HostBoard(name: "a", leaseSeconds: 30, maxBots: bots, clock: clock)
        let names = (0..<bots).map { "bot\($0)" }
        host.roundSucceeded(held: Set(names), share: bots, liveHosts: 1, activeBots: bots)
        for name in names {
            host.taken(name, network: "mastodon")
            let board = StatusBoard(botClock: clock, realClock: clock, redactor: Redactor(secrets: ["token-\(name)"]), detail: detail)
            host.attach(board, to: name)
            busyDay(board, network: network)
            if detail == .full {
                board.publishRhythm(RhythmStatus(human: Array(repeating: 3, count: 1440), botEarlierDays: Array(0..<100), days: 14, day: StatusWorld.day))
            }
        }
        let after = residentBytes()
        kept.append(host)
        return (after - before) / bots
    }

    /// Set in the copy of the test process that measures, alone.
    static let aloneVariable = "HOST_BOARD_MEMORY_ALONE"

    @Test("a bot's counts-only board and host entry after a busy day: a few kilobytes")
    func measured() throws {
        // Resident memory is the whole process's: with other suites allocating meanwhile it measures them too. So the
        // figure is taken in a copy of this test process that runs this test alone.
        guard ProcessInfo.processInfo.environment[Self.aloneVariable] != nil else {
            let alone = try Self.runAlone()
            #expect(alone.status == 0, "the measuring copy failed:\n\(alone.output)")
            let counts = alone.output.split(separator: " ").first { $0.hasPrefix("counts_bytes_per_bot=") }
                .flatMap { Int($0.dropFirst("counts_bytes_per_bot=".count)) }
            #expect(counts != nil, "the measuring copy printed no figure:\n\(alone.output)")
            print(alone.output.split(separator: "\n").first { $0.hasPrefix("host_board_memory") } ?? "")
            if let counts { #expect(counts < 32 * 1024) }
            return
        }
        var kept: [HostBoard] = []
        let counts = Self.perBot(.counts, keeping: &kept)
        let withNetwork = Self.perBot(.counts, network: true, keeping: &kept)
        let full = Self.perBot(.full, network: true, keeping: &kept)
        withExtendedLifetime(kept) {}
        print("host_board_memory bots=\(Self.bots) counts_bytes_per_bot=\(counts) with_network_bytes_per_bot=\(withNetwork) full_bytes_per_bot=\(full)")
        // Loose: resident memory is coarse.
        #expect(counts < 32 * 1024)
    }

    /// Runs this test, and only it, in a copy of the test process; its exit status and its output.
    static func runAlone() throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["--testing-library", "swift-testing", "--filter", "HostBoardMemoryTests"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.aloneVariable: "1"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
