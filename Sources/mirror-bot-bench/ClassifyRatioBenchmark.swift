import Foundation
import JSONLines
import MirrorBot
import MirrorBotMeCab
import MirrorBotPostgres

/// `mirror-bot-bench classify-ratio [--posts N] [--rounds N] [--mirror-bot PATH] [--mecab PATH]`:
/// writes N made-up Japanese posts (the classifier benchmark's, seed 1) as a
/// `classify --jsonl` file and as plain text, one post a line; trains the classifier
/// of REDIS_URL on them under a fresh key prefix, recording what it learned in a fresh
/// schema of DATABASE_URL as every command does (untimed); then, in alternating
/// rounds, times MeCab's own command line over the texts and the whole
/// `mirror-bot classify --jsonl` process over the posts. Prints posts/s as medians and
/// the ratio of the two (the share of MeCab's own speed); `scripts/bench-guard.sh`
/// reads the `ratio` line. The keys and the schema are deleted at the end.
enum ClassifyRatioBenchmark {
    static let usage = "mirror-bot-bench classify-ratio [--posts N] [--rounds N] [--mirror-bot PATH] [--mecab PATH]"

    static func run(arguments: [String]) async throws {
        let (posts, mecab, options) = try parse(arguments, usage: usage)
        let examples = BenchmarkPosts.synthetic(count: posts, seed: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("classify-ratio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let texts = folder.appendingPathComponent("texts.txt")
        let training = folder.appendingPathComponent("train.jsonl")
        let classifying = folder.appendingPathComponent("classify.jsonl")
        try Data(examples.map { $0.text.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined().utf8).write(to: texts)
        try Data(examples.map { try line($0, label: true) + "\n" }.joined().utf8).write(to: training)
        try Data(examples.map { try line($0, label: false) + "\n" }.joined().utf8).write(to: classifying)

        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"] else {
            throw InputError(file: "DATABASE_URL", message: "is not set: classify records what it learns in PostgreSQL")
        }
        let database = try await BenchDatabase.make(url: url)
        do {
            try measure(database, posts: posts, rounds: options.rounds, binary: options.binary, mecab: mecab, folder: folder)
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// Trains and classifies with the schema of `database` and a fresh key prefix, and prints the figures.
    static func measure(_ database: BenchDatabase, posts: Int, rounds: Int, binary: String, mecab: String, folder: URL) throws {
        let dictionary = try MeCabFeatureTokenizer(dictionaryPath: ProcessInfo.processInfo.environment["MECAB_DICDIR"]).mecab.dictionaryPath
        let (texts, training, classifying) = (
            folder.appendingPathComponent("texts.txt"), folder.appendingPathComponent("train.jsonl"),
            folder.appendingPathComponent("classify.jsonl")
        )
        var environment = ScheduleRatioBenchmark.environment(database)
        let prefix = "bench-\(UInt32.random(in: 0...UInt32.max)):"
        environment["REDIS_KEY_PREFIX"] = prefix
        defer { deleteKeys(prefix: prefix, environment: environment) }
        _ = try ScheduleRatioBenchmark.runProcess(binary, ["train", "classifier", "--jsonl", training.path], environment: environment)
        _ = try ScheduleRatioBenchmark.runProcess(binary, ["classify", "--jsonl", classifying.path], environment: environment)
        var mecabTimes: [Duration] = []
        var ours: [Duration] = []
        for _ in 0..<rounds {
            mecabTimes.append(try ScheduleRatioBenchmark.runProcess(
                mecab, ["-d", dictionary, "-r", "/dev/null"], environment: environment, input: texts))
            ours.append(try ScheduleRatioBenchmark.runProcess(binary, ["classify", "--jsonl", classifying.path], environment: environment))
        }
        let mecabRate = Double(posts) / ScheduleRatioBenchmark.median(mecabTimes).seconds
        let ourRate = Double(posts) / ScheduleRatioBenchmark.median(ours).seconds
        print("classify-ratio posts=\(posts) rounds=\(rounds): MeCab's command line \(Int(mecabRate)) posts/s, "
            + "mirror-bot classify --jsonl (whole process) \(Int(ourRate)) posts/s (medians)")
        print("ratio classify=\(String(format: "%.3f", ourRate / mecabRate)) (mirror-bot classify / MeCab's command line, posts/s)")
    }

    /// `--posts N` (default 20,000), `--mecab PATH` and the ratio options; throws the usage when unusable.
    static func parse(_ arguments: [String], usage: String) throws -> (posts: Int, mecab: String, options: RatioOptions) {
        var posts = 20_000
        var mecab = "/usr/bin/mecab"
        let options = RatioOptions(arguments) { argument, rest in
            switch argument {
            case "--posts": posts = Int(rest.popFirst() ?? "") ?? 0
            case "--mecab": mecab = rest.popFirst() ?? ""
            default: posts = 0
            }
        }
        guard posts > 0, options.isUsable, FileManager.default.isExecutableFile(atPath: mecab) else {
            throw InputError(file: "arguments", message: "expected \(usage) (mirror-bot at '\(options.binary)', mecab at '\(mecab)')")
        }
        return (posts, mecab, options)
    }

    static func line(_ example: TrainingExample, label: Bool) throws -> String {
        var object: [String: String] = ["text": example.text]
        if let author = example.author { object["author"] = author }
        if label { object["label"] = example.category.rawValue }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func deleteKeys(prefix: String, environment: [String: String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "redis-cli -u \"$REDIS_URL\" --scan --pattern \"$REDIS_KEY_PREFIX*\" | xargs -r redis-cli -u \"$REDIS_URL\" DEL"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }
}
