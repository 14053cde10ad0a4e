import Foundation
import JSONLines
import MirrorBot
import Postgres

/// `mirror-bot-bench import-ratio [POSTS] [--jsonl | --shape mastodon|misskey|bluesky] [--stored N] [--rounds N] [--mirror-bot PATH]`:
/// writes POSTS made-up posts (default 10,000) as an X archive (with `--jsonl`, a JSONL
/// file; with `--shape`, a Mastodon, Misskey or Bluesky export, `BenchExportWriter`), then, in
/// alternating rounds, times the whole `mirror-bot import` process into a fresh schema of
/// DATABASE_URL (holding N other posts first with `--stored`, spread over the same years,
/// imported untimed) and, as the baseline, the same number of rows sent as plain 500-row
/// INSERTs into a table without index or trigger: what moving the rows to PostgreSQL costs
/// on this machine now. Prints the medians, the import's time a post and
/// `ratio import-POSTS=` (baseline / import) and `time import-POSTS=` (seconds), which
/// `scripts/bench-guard.sh` reads.
enum ImportRatioBenchmark {
    static let usage = "mirror-bot-bench import-ratio [POSTS] [--jsonl | --shape mastodon|misskey|bluesky] [--stored N] [--rounds N] [--mirror-bot PATH]"

    static func run(arguments: [String]) async throws {
        var posts = 10_000
        var jsonl = false
        var stored = 0
        var shape: BenchExportWriter.Shape?
        var shapeKnown = true
        let options = RatioOptions(arguments) { argument, rest in
            switch argument {
            case "--jsonl": jsonl = true
            case "--stored": stored = Int(rest.popFirst() ?? "") ?? -1
            case "--shape":
                shape = BenchExportWriter.Shape(rawValue: rest.popFirst() ?? "")
                shapeKnown = shape != nil
            default: posts = Int(argument) ?? 0
            }
        }
        guard posts > 0, stored >= 0, shapeKnown, !(jsonl && shape != nil), options.isUsable else {
            throw InputError(file: "arguments", message: "expected \(usage) (mirror-bot at '\(options.binary)')")
        }
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"] else {
            throw InputError(file: "DATABASE_URL", message: "is not set")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bot-import-ratio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input: [String]
        if let shape {
            input = ["import", try BenchExportWriter(posts: posts, shape: shape).write(to: folder.appendingPathComponent("export")).path]
        } else if jsonl {
            let file = folder.appendingPathComponent("posts.jsonl")
            try writeJSONL(count: posts, prefix: "p", offset: 0, to: file)
            input = ["import", "--jsonl", file.path]
        } else {
            let archive = folder.appendingPathComponent("archive")
            _ = try BenchArchiveWriter(posts: posts).write(to: archive)
            input = ["import", archive.path]
        }
        let storedFile = folder.appendingPathComponent("stored.jsonl")
        if stored > 0 { try writeJSONL(count: stored, prefix: "s", offset: 600, to: storedFile) }

        var baseline: [Duration] = []
        var imports: [Duration] = []
        for _ in 0..<options.rounds {
            let database = try await BenchDatabase.make(url: url)
            do {
                baseline.append(try await bareInserts(posts, database.connection))
                let environment = ScheduleRatioBenchmark.environment(database, postLimit: posts + stored)
                if stored > 0 {
                    _ = try ScheduleRatioBenchmark.runProcess(options.binary, ["import", "--jsonl", storedFile.path], environment: environment)
                }
                imports.append(try ScheduleRatioBenchmark.runProcess(options.binary, input, environment: environment))
            } catch {
                try? await database.drop()
                throw error
            }
            try await database.drop()
        }
        let bare = ScheduleRatioBenchmark.median(baseline)
        let whole = ScheduleRatioBenchmark.median(imports)
        let seconds = Double(whole.components.seconds) + Double(whole.components.attoseconds) / 1e18
        print("import-ratio posts=\(posts) shape=\(shape?.rawValue ?? (jsonl ? "jsonl" : "x-archive")) stored=\(stored) rounds=\(options.rounds): "
            + "bare INSERTs \(SchedulerBenchmark.format(bare)), mirror-bot import (whole process) \(SchedulerBenchmark.format(whole)), "
            + "\(String(format: "%.1f", seconds / Double(posts) * 1e6)) µs a post (medians)")
        print("time import-\(posts)=\(String(format: "%.3f", seconds)) (seconds, the median import)")
        print("ratio import-\(posts)=\(String(format: "%.3f", bare / whole)) (bare INSERTs / mirror-bot import)")
    }

    /// `count` posts one JSON object a line, over the ten years the archive writer uses, one in
    /// seven a reply; `offset` seconds moves every post (other posts between the archive's).
    static func writeJSONL(count: Int, prefix: String, offset: Int, to file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = FileHandle(forWritingAtPath: file.path) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? handle.close() }
        let spacing = min(3_150, 315_000_000 / max(count, 1))
        let iso = ISO8601DateFormatter()
        var buffer = ""
        for index in 0..<count {
            let date = Date(timeIntervalSince1970: Double(1_450_000_000 + index * spacing + offset + (index * 7_919) % 1_800))
            let reply = index % 7 == 3 ? #","in_reply_to_user_id":"\#(100 + index % 50)","in_reply_to_screen_name":"friend""# : ""
            buffer += #"{"id":"\#(prefix)\#(index)","text":"post \#(index) of the benchmark","created_at":"\#(iso.string(from: date))"\#(reply)}"#
            buffer += "\n"
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }

    /// `count` rows of four columns as plain INSERTs of 500 rows in one transaction, into a table
    /// without index or trigger; the wall time.
    static func bareInserts(_ count: Int, _ connection: PostgresConnection) async throws -> Duration {
        try await connection.query("CREATE TABLE bare_posts (id text, text text, created_at timestamptz, reply text)")
        let started = ContinuousClock.now
        try await connection.transaction { tx in
            for first in stride(from: 0, to: count, by: 500) {
                var binds: [String?] = []
                var rows: [String] = []
                for index in first..<min(first + 500, count) {
                    let at = binds.count
                    rows.append("($\(at + 1), $\(at + 2), $\(at + 3)::timestamptz, $\(at + 4))")
                    let date = Date(timeIntervalSince1970: Double(1_450_000_000 + index * 60))
                    binds += ["b\(index)", "post \(index) of the benchmark", date.postgresText, index % 7 == 3 ? "100" : nil]
                }
                try tx.query(PostgresQuery(unsafeSQL: "INSERT INTO bare_posts VALUES \(rows.joined(separator: ", "))", binds: binds))
            }
        }
        return ContinuousClock.now - started
    }
}
