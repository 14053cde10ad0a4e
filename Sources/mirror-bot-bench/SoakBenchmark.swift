import FakeX
import Foundation
import JSONLines
import MirrorBot
import Postgres
import XAPI

/// `mirror-bot-bench soak [--minutes M]`: runs the real `mirror-bot start`
/// (built beside this binary) for M minutes (default 60) against an
/// in-process fake X that fails a fifth of its requests (503) and sends a
/// garbage body now and then, while friends keep mentioning the bot and
/// posting on its timeline. Samples the daemon's memory every minute; at the
/// end checks that every mention was answered exactly once and nothing was
/// liked or posted twice. Needs DATABASE_URL and REDIS_URL.
///
/// With `--idle`, nobody mentions the bot, posts or fails: the daemon only polls, and
/// each minute's sample also lists where its resident memory is (`MemoryMap`).
enum SoakBenchmark {
    static let usage = "mirror-bot-bench soak [--minutes M] [--idle]"

    static func run(arguments: [String]) async throws {
        var minutes = 60.0
        if let index = arguments.firstIndex(of: "--minutes"), index + 1 < arguments.count, let value = Double(arguments[index + 1]) {
            minutes = value
        }
        let idle = arguments.contains("--idle")
        let environment = ProcessInfo.processInfo.environment
        guard let databaseURL = environment["DATABASE_URL"], let redisURL = environment["REDIS_URL"] else {
            throw InputError(file: "DATABASE_URL/REDIS_URL", message: "both must be set")
        }
        let world = try await SoakWorld.make(databaseURL: databaseURL, redisURL: redisURL)
        defer { Task { try? await world.database.drop() } }
        if idle { world.server.setFaultProbability(0, fault: .serverError(status: 503)) }
        let daemon = try world.startDaemon()
        say("soak: daemon pid \(daemon.processIdentifier), \(minutes) minutes, "
            + (idle ? "idle: no mentions, posts or faults" : "faults: 20% 503, a garbage body every 45 s"))

        let start = Date()
        var mentions: [String] = []
        var samples: [Int] = []
        var tick = 0
        while Date().timeIntervalSince(start) < minutes * 60, daemon.isRunning {
            try await Task.sleep(for: .seconds(5))
            tick += 1
            if !idle, tick % 4 == 0 { mentions.append(world.mention(tick)) }
            if !idle, tick % 6 == 0 { world.timelinePost(tick) }
            if !idle, tick % 9 == 0 { world.server.injectFault(.garbageBody, count: 1) }
            if tick % 12 == 0, let kib = PeakMemory.residentKiB(pid: daemon.processIdentifier) {
                samples.append(kib)
                say(String(format: "soak: minute %3d  rss %.1f MB  mentions %d  replies %d  likes %d  posts %d",
                             tick / 12, Double(kib) / 1024, mentions.count, world.replies.count, world.likes.count, world.posts.count))
                if idle { MemoryMap.report(pid: daemon.processIdentifier).forEach(say) }
            }
        }
        let survived = daemon.isRunning
        // Give the last mentions time to be answered, then stop.
        let settle = Date()
        while Set(world.replies.map(\.target)).intersection(mentions).count < mentions.count, Date().timeIntervalSince(settle) < 90 {
            try await Task.sleep(for: .seconds(2))
        }
        daemon.terminate()
        daemon.waitUntilExit()

        let replies = world.replies
        let answered = Dictionary(grouping: replies, by: \.target).mapValues(\.count)
        let missing = mentions.filter { answered[$0] == nil }
        let doubled = answered.filter { $0.value > 1 }
        let likes = world.likes
        let requests = world.server.requests
        let failed = requests.filter { $0.status >= 500 }.count
        say("soak: survived=\(survived) exit=\(daemon.terminationStatus) mentions=\(mentions.count) answered=\(mentions.count - missing.count) "
            + "answered_twice=\(doubled.count) likes=\(likes.count) liked_twice=\(likes.count - Set(likes).count) "
            + "posts=\(world.posts.count) posted_twice=\(world.posts.count - Set(world.posts).count) "
            + "x_requests=\(requests.count) x_5xx=\(failed)")
        if let first = samples.first, let last = samples.last, let peak = samples.max() {
            say(String(format: "soak: rss first %.1f MB, last %.1f MB, max %.1f MB over %d samples",
                         Double(first) / 1024, Double(last) / 1024, Double(peak) / 1024, samples.count))
        }
        say("soak: log \(world.logFile.path)")
    }
}

/// One line on stdout, written at once (not buffered), so an hour's figures survive a kill.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
