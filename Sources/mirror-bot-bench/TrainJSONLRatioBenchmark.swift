import Foundation
import JSONLines
import MirrorBot
import MirrorBotMeCab

/// `mirror-bot-bench train-jsonl-ratio [--posts N] [--rounds N] [--mirror-bot PATH] [--mecab PATH]`:
/// writes N made-up Japanese posts (the classifier benchmark's, seed 1) as a
/// `train classifier --jsonl` file and as plain text; then, in alternating rounds, times
/// MeCab's own command line over the texts and the whole `mirror-bot train classifier --jsonl`
/// process over the posts, each round under a fresh Redis key prefix and a fresh schema of
/// DATABASE_URL (where every command records what it learned), both deleted after the round.
/// Prints the medians, `ratio train-jsonl-N=` (MeCab's time / the training's) and
/// `time train-jsonl-N=` (seconds), which `scripts/bench-guard.sh` reads.
enum TrainJSONLRatioBenchmark {
    static let usage = "mirror-bot-bench train-jsonl-ratio [--posts N] [--rounds N] [--mirror-bot PATH] [--mecab PATH]"

    static func run(arguments: [String]) async throws {
        let (posts, mecab, options) = try ClassifyRatioBenchmark.parse(arguments, usage: usage)
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"] else {
            throw InputError(file: "DATABASE_URL", message: "is not set: train records what it learns in PostgreSQL")
        }
        let examples = BenchmarkPosts.synthetic(count: posts, seed: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("train-jsonl-ratio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let texts = folder.appendingPathComponent("texts.txt")
        let training = folder.appendingPathComponent("train.jsonl")
        try Data(examples.map { $0.text.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined().utf8).write(to: texts)
        try Data(examples.map { try ClassifyRatioBenchmark.line($0, label: true) + "\n" }.joined().utf8).write(to: training)
        let dictionary = try MeCabFeatureTokenizer(dictionaryPath: ProcessInfo.processInfo.environment["MECAB_DICDIR"]).mecab.dictionaryPath

        var mecabTimes: [Duration] = []
        var ours: [Duration] = []
        for _ in 0..<options.rounds {
            let database = try await BenchDatabase.make(url: url)
            var environment = ScheduleRatioBenchmark.environment(database)
            environment["REDIS_KEY_PREFIX"] = "bench-\(UInt32.random(in: 0...UInt32.max)):"
            do {
                mecabTimes.append(try ScheduleRatioBenchmark.runProcess(
                    mecab, ["-d", dictionary, "-r", "/dev/null"], environment: environment, input: texts))
                ours.append(try ScheduleRatioBenchmark.runProcess(
                    options.binary, ["train", "classifier", "--jsonl", training.path], environment: environment))
            } catch {
                ClassifyRatioBenchmark.deleteKeys(prefix: "", environment: environment)
                try? await database.drop()
                throw error
            }
            ClassifyRatioBenchmark.deleteKeys(prefix: "", environment: environment)
            try await database.drop()
        }
        let (mecabMedian, ourMedian) = (ScheduleRatioBenchmark.median(mecabTimes), ScheduleRatioBenchmark.median(ours))
        print("train-jsonl-ratio posts=\(posts) rounds=\(options.rounds): MeCab's command line \(SchedulerBenchmark.format(mecabMedian)), "
            + "mirror-bot train classifier --jsonl (whole process) \(SchedulerBenchmark.format(ourMedian)), "
            + "\(Int(Double(posts) / ourMedian.seconds)) posts/s (medians)")
        print("time train-jsonl-\(posts)=\(String(format: "%.3f", ourMedian.seconds)) (seconds, the median training)")
        print("ratio train-jsonl-\(posts)=\(String(format: "%.3f", mecabMedian / ourMedian)) (MeCab's command line / train classifier --jsonl)")
    }
}
