import Foundation
import MirrorBot
import Postgres

/// `mirror-bot-bench import [POSTS]`: writes a POSTS-post archive (default
/// 100,000) in a temporary folder, reads it once without storing (parsing
/// alone), then imports it into a fresh schema of DATABASE_URL; prints wall
/// time and peak memory (VmHWM, reset before each phase) of both.
enum ImportBenchmark {
    static func run(arguments: [String]) async -> Int32 {
        guard let posts = Int(arguments.first ?? "100000"), posts > 0 else {
            FileHandle.standardError.write(Data("USAGE: mirror-bot-bench import [POSTS]\n".utf8))
            return 64
        }
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"] else {
            FileHandle.standardError.write(Data("Error: DATABASE_URL is not set\n".utf8))
            return 78
        }
        do {
            try await measure(posts: posts, url: url)
            return 0
        } catch {
            FileHandle.standardError.write(Data("Error: \(Redactor().redact(String(describing: error)))\n".utf8))
            return 1
        }
    }

    private static func measure(posts: Int, url: String) async throws {
        let clock = ContinuousClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bot-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writeStart = clock.now
        let bytes = try BenchArchiveWriter(posts: posts).write(to: folder)
        print("archive: \(posts) posts, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB, written in \(seconds(clock.now - writeStart))")

        // Phase 1: read and check every entry, store nothing.
        let quiet = Logger(minimumLevel: .warning)
        let resettable = PeakMemory.reset()
        var baseline = PeakMemory.currentKiB()
        var start = clock.now
        let parsed = try await ArchiveImporter(store: DiscardingPostStore(), postLimit: posts, logger: quiet)
            .importArchive(at: folder.path)
        report("parse only", clock.now - start, count: parsed.postsRead, baseline: baseline)

        // Phase 2: the real import into PostgreSQL (one transaction).
        let database = try await BenchDatabase.make(url: url)
        let zone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
        let store = try await PostgresPostStore.open(connection: database.connection, timeZone: zone, limit: posts)
        PeakMemory.reset()
        baseline = PeakMemory.currentKiB()
        start = clock.now
        let summary = try await ArchiveImporter(store: store, postLimit: posts, logger: Logger()).importArchive(at: folder.path)
        report("import", clock.now - start, count: summary.postsRead, baseline: baseline)
        let stored = try await store.count()
        print("summary: read \(summary.postsRead), stored \(summary.stored) (table holds \(stored)), "
            + "retweets \(summary.retweets), duplicates \(summary.duplicates), files \(summary.files.count)")
        if !resettable { print("note: /proc/self/clear_refs not writable; peaks include earlier phases") }
        try await database.drop()
    }

    private static func report(_ phase: String, _ duration: Duration, count: Int, baseline: Int?) {
        let perSecond = Double(count) / max(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, 1e-9)
        print("\(phase): \(seconds(duration)) wall, \(Int(perSecond)) posts/s, peak memory (VmHWM) \(PeakMemory.megabytes(PeakMemory.peakKiB())), "
            + "RSS before \(PeakMemory.megabytes(baseline))")
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f s", value)
    }
}

/// A store that keeps nothing: measures reading and checking alone.
struct DiscardingPostStore: PostStore {
    func store(_ posts: [Post]) async throws -> Int { posts.count }
    func count() async throws -> Int { 0 }
    func removeAll() async throws {}
}
