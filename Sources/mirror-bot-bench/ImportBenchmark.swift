import Foundation
import LogLines
import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import MirrorBotX
import Postgres

/// `mirror-bot-bench import [POSTS] [--parse-only]`: writes a POSTS-post
/// archive (default 100,000) in a temporary folder, then imports it into a
/// fresh schema of DATABASE_URL (or, with `--parse-only`, reads and checks it
/// without storing); prints wall time and peak memory (VmHWM, reset after the
/// archive is written, so the writer's memory is not counted).
enum ImportBenchmark {
    static func run(arguments: [String]) async -> Int32 {
        let parseOnly = arguments.contains("--parse-only")
        let numbers = arguments.filter { $0 != "--parse-only" }
        guard numbers.count <= 1, let posts = Int(numbers.first ?? "100000"), posts > 0 else {
            FileHandle.standardError.write(Data("USAGE: mirror-bot-bench import [POSTS] [--parse-only]\n".utf8))
            return 64
        }
        let url = ProcessInfo.processInfo.environment["DATABASE_URL"]
        guard parseOnly || url != nil else {
            FileHandle.standardError.write(Data("Error: DATABASE_URL is not set\n".utf8))
            return 78
        }
        do {
            try await measure(posts: posts, url: parseOnly ? nil : url)
            return 0
        } catch {
            FileHandle.standardError.write(Data("Error: \(Redactor().redact(String(describing: error)))\n".utf8))
            return 1
        }
    }

    private static func measure(posts: Int, url: String?) async throws {
        let clock = ContinuousClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bot-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writeStart = clock.now
        let bytes = try BenchArchiveWriter(posts: posts).write(to: folder)
        print("archive: \(posts) posts, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB, written in \(seconds(clock.now - writeStart))")

        guard let url else {
            // Reading and checking every entry, storing nothing.
            let resettable = PeakMemory.reset()
            let baseline = PeakMemory.currentKiB()
            let start = clock.now
            let parsed = try await ArchiveImporter(store: DiscardingPostStore(), postLimit: posts, logger: Logger(minimumLevel: .warning))
                .importArchive(at: folder.path)
            report("parse only", clock.now - start, count: parsed.postsRead, baseline: baseline, resettable: resettable)
            return
        }
        let database = try await BenchDatabase.make(url: url)
        let zone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
        let store = try await PostgresPostStore.open(connection: database.connection, timeZone: zone, limit: posts)
        let resettable = PeakMemory.reset()
        let baseline = PeakMemory.currentKiB()
        let start = clock.now
        let summary = try await ArchiveImporter(store: store, postLimit: posts, logger: Logger()).importArchive(at: folder.path)
        report("import", clock.now - start, count: summary.postsRead, baseline: baseline, resettable: resettable)
        let stored = try await store.count()
        print("summary: read \(summary.postsRead), stored \(summary.stored) (table holds \(stored)), "
            + "retweets \(summary.retweets), duplicates \(summary.duplicates), files \(summary.files.count)")
        try await database.drop()
    }

    private static func report(_ phase: String, _ duration: Duration, count: Int, baseline: Int?, resettable: Bool) {
        let perSecond = Double(count) / max(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, 1e-9)
        print("\(phase): \(seconds(duration)) wall, \(Int(perSecond)) posts/s, peak memory (VmHWM) \(PeakMemory.megabytes(PeakMemory.peakKiB())), "
            + "RSS before \(PeakMemory.megabytes(baseline))")
        if !resettable { print("note: /proc/self/clear_refs not writable; the peak includes writing the archive") }
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f s", value)
    }
}
