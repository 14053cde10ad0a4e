import Foundation
import MirrorBot
import MirrorBotMeCab
import MirrorBotRedis
import PostFeatures
import Redis

/// `mirror-bot-bench classifier [--posts N] [--batch N] [--seed S] [--jsonl FILE]`:
/// posts per second for MeCab alone, training and classifying (one by one and in
/// batches) against the Redis of `REDIS_URL` (default redis://localhost:6379;
/// `rediss://` for TLS, with `REDIS_TLS_VERIFY` and `REDIS_TLS_CA_FILE` as the bot
/// reads them), with Redis commands and round trips per post.
///
/// Round trips are counted by the benchmark (each store call is one `send` or one
/// `pipeline`, one per 500 posts when a sample is learned, see `RedisClassifierStore`);
/// classifying runs at the shipped default (`auto`, calibrated once 200 posts are
/// learned) and at `FAVORITE_RATE_THRESHOLD=3.0`; commands come from `INFO commandstats`
/// deltas and read events from `INFO stats` (`total_reads_processed`), measured
/// on the server. Keys live under a fresh `bench-…:` prefix and are deleted at the end.
enum ClassifierBenchmark {
    struct Options {
        var posts = 5_000
        var batch = 500
        var seed: UInt64 = 1
        var jsonl: String?
    }

    static let usage = "mirror-bot-bench classifier [--posts N] [--batch N] [--seed S] [--jsonl FILE]"

    static func run(arguments: [String]) async throws {
        let options = try parse(arguments)
        let environment = ProcessInfo.processInfo.environment
        let redis = try RedisConfiguration(
            url: environment["REDIS_URL"] ?? "redis://localhost:6379",
            verifyPeer: environment["REDIS_TLS_VERIFY"]?.lowercased() != "none", caFile: environment["REDIS_TLS_CA_FILE"]
        )
        let examples = try options.jsonl.map { try BenchmarkPosts.file($0, count: options.posts) }
            ?? BenchmarkPosts.synthetic(count: options.posts, seed: options.seed)
        let prefix = "bench-\(UInt32.random(in: 0...UInt32.max)):"
        let single = try await store(redis, keyPrefix: prefix + "single:", dictionaryPath: environment["MECAB_DICDIR"])
        let batched = try await store(redis, keyPrefix: prefix + "batch:", dictionaryPath: environment["MECAB_DICDIR"])
        // The same counts, decided by the seed's rule.
        let seed = RedisClassifier(
            redis: batched.redis, keys: batched.keys, extractor: batched.extractor, rule: FavoriteRule(threshold: .fixed(3.0)))
        let inputs = examples.map { ClassifierInput(text: $0.text, author: $0.author) }
        let batches = stride(from: 0, to: examples.count, by: options.batch).map { $0..<min($0 + options.batch, examples.count) }
        let source = options.jsonl ?? "synthetic Japanese, seed \(options.seed)"
        let route = await batched.redis.security?.description ?? "?"
        print("classifier benchmark: \(examples.count) posts (\(source)), batches of \(options.batch), "
              + "\(ProcessInfo.processInfo.activeProcessorCount) cores, Redis at \(redis.host):\(redis.port) over \(route)")
        print("step                              posts/s   round trips/post  commands/post                 read events/post")

        var probe = ServerProbe(redis: batched.redis)
        try await measure("MeCab tokenize only", posts: examples.count, roundTrips: 0, probe: &probe) {
            for example in examples { _ = single.extractor.tokenizer.morphemes(example.text) }
        }
        try await measure("NFKC normalization only", posts: examples.count, roundTrips: 0, probe: &probe) {
            for example in examples { _ = example.text.precomposedStringWithCompatibilityMapping }
        }
        try await measure("features (normalize + MeCab)", posts: examples.count, roundTrips: 0, probe: &probe) {
            for example in examples { _ = single.extractor.features(text: example.text, author: example.author) }
        }
        try await measure("train, one by one", posts: examples.count, roundTrips: 2 * examples.count, probe: &probe) {
            for example in examples { try await single.train(text: example.text, author: example.author, as: example.category) }
        }
        try await measure("train, batches (labeled)", posts: examples.count, roundTrips: 2 * batches.count, probe: &probe) {
            for range in batches { try await batched.train(labeled: Array(examples[range])) }
        }
        try await measure("classify, one by one", posts: examples.count, roundTrips: examples.count, probe: &probe) {
            for input in inputs { _ = try await batched.classify(text: input.text, author: input.author) }
        }
        try await measure("classify, batches", posts: examples.count, roundTrips: batches.count, probe: &probe) {
            for range in batches { _ = try await batched.classify(batch: Array(inputs[range])) }
        }
        try await measure("classify, one by one (3.0)", posts: examples.count, roundTrips: examples.count, probe: &probe) {
            for input in inputs { _ = try await seed.classify(text: input.text, author: input.author) }
        }
        try await measure("classify, batches (3.0)", posts: examples.count, roundTrips: batches.count, probe: &probe) {
            for range in batches { _ = try await seed.classify(batch: Array(inputs[range])) }
        }
        let threshold = try await batched.classify(batch: Array(inputs.prefix(1))).first?.threshold
        print("threshold in force (auto): \(threshold.map(String.init(describing:)) ?? "none")")
        try await single.clear()
        try await batched.clear()
    }

    /// A classifier store on its own connection to `redis`.
    static func store(_ redis: RedisConfiguration, keyPrefix: String, dictionaryPath: String?) async throws -> RedisClassifier {
        let tokenizer = try MeCabFeatureTokenizer(dictionaryPath: dictionaryPath)
        return RedisClassifier(
            redis: try await RedisConnection(configuration: redis), keys: ClassifierKeys(prefix: keyPrefix),
            extractor: FeatureExtractor(tokenizer: tokenizer)
        )
    }

    /// Times `body` and prints one row with the server's command and read-event deltas.
    static func measure(
        _ name: String, posts: Int, roundTrips: Int, probe: inout ServerProbe, _ body: () async throws -> Void
    ) async throws {
        let before = try await probe.sample()
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        let after = try await probe.sample()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var sent: [String] = []
        var inScripts = 0
        for (command, calls) in after.commands.sorted(by: { $0.key < $1.key }) {
            let delta = calls - (before.commands[command] ?? 0)
            guard delta > 0 else { continue }
            if clientCommands.contains(command) {
                sent.append("\(format(Double(delta) / Double(posts))) \(command.uppercased())")
            } else {
                inScripts += delta
            }
        }
        if inScripts > 0 { sent.append("(+\(format(Double(inScripts) / Double(posts))) in Lua)") }
        let commands = sent.joined(separator: " ")
        // The second INFO's own read event is in `after`.
        let reads = Double(after.reads - before.reads - 1) / Double(posts)
        let rate = String(Int((Double(posts) / seconds).rounded()))
        let trips = roundTrips == 0 ? "-" : format(Double(roundTrips) / Double(posts))
        let readEvents = roundTrips == 0 ? "-" : format(reads)
        var row = name.padding(toLength: 32, withPad: " ", startingAt: 0)
        row += rate.leftPadded(9) + trips.leftPadded(19) + "  "
        row += (commands.isEmpty ? "-" : commands).rightPadded(30)
        print(row + readEvents.leftPadded(18))
    }

    /// Commands the store sends itself; any other call counted by the server ran inside the training script.
    static let clientCommands: Set<String> = ["eval", "evalsha", "hmget", "del"]

    static func format(_ value: Double) -> String {
        value >= 0.1 ? String(format: "%.2f", value) : String(format: "%.4f", value)
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchmarkUsage(message: "missing value for \(name)") }
            switch name {
            case "--posts": options.posts = try positive(value, name)
            case "--batch": options.batch = try positive(value, name)
            case "--seed": options.seed = UInt64(try positive(value, name))
            case "--jsonl": options.jsonl = value
            default: throw BenchmarkUsage(message: "unknown option \(name)")
            }
        }
        return options
    }

    static func positive(_ text: String, _ name: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw BenchmarkUsage(message: "\(name) expects a positive whole number") }
        return value
    }
}

struct BenchmarkUsage: Error, CustomStringConvertible {
    let message: String
    var description: String {
        message + "\nUSAGE: " + ClassifierBenchmark.usage
    }
}

extension String {
    fileprivate func rightPadded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
