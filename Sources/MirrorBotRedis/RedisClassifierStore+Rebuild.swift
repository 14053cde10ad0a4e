import Foundation
import MirrorBot
import Redis

/// Counts that can always be rebuilt: PostgreSQL records every post learned
/// (`ClassifierJournal`), and `keys.kept` marks counts that are whole. Its absence means
/// Redis lost them (emptied, restarted without its data, a new instance): they are rebuilt
/// from the record, without reading the network. `keepCounts` is what the daemon runs at
/// start and before each learning round, and what `classify` runs before answering.
extension RedisClassifierStore {
    /// What `keepCounts` found.
    public enum Kept: Sendable, Equatable {
        /// The marker was there: nothing to do.
        case whole
        /// Another process holds the rebuild lock: the counts are still missing.
        case rebuildingElsewhere
        /// Nothing recorded and nothing in Redis: an empty classifier, now marked whole.
        case empty
        /// A bot that learned before the journal existed: its counts saved to PostgreSQL as the baseline.
        case baselineSaved(documents: Int)
        /// Rebuilt from `examples` recorded (on the baseline or not) in `seconds`.
        case rebuilt(examples: Int, seconds: Double)
    }

    /// Posts replayed per pipeline (one EVALSHA each).
    static let replayBatch = 1_000
    /// Records kept beyond the baseline: past this many, `keepCounts` folds those up to the last
    /// sample batch's end into the baseline (`fold`). About two weeks of a daemon's learning.
    public static let examplesKept = 5_000

    /// Makes sure the counts are whole (see the extension), rebuilding them when lost; with
    /// no journal there is nothing to check. One process rebuilds at a time (the journal's lock).
    public func keepCounts(pooled: PooledBayes, log: Logger?) async throws -> Kept {
        guard let journal else { return .whole }
        if try await isWhole() {
            if try await journal.count() > Self.examplesKept { try await fold(pooled: pooled) }
            return .whole
        }
        let kept = try await journal.exclusively("classifier:" + keys.prefix) { () async throws -> Kept in
            if try await isWhole() { return .whole }
            let examples = try await journal.count()
            let baseline = try await journal.baseline()
            if examples == 0, baseline == nil {
                let documents = try await documentCounts().total
                if documents > 0 { try await journal.saveBaseline(try await dump()) }
                try await markWhole()
                return documents > 0 ? .baselineSaved(documents: documents) : .empty
            }
            log?.report(.classifierLost(examples: examples))
            let started = ContinuousClock.now
            try await rebuild(from: try await journal.examples(through: nil), baseline: baseline, pooled: pooled)
            try await markWhole()
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            log?.report(.classifierRebuilt(examples: examples, baseline: baseline != nil, seconds: seconds))
            return .rebuilt(examples: examples, seconds: seconds)
        }
        if case .baselineSaved(let documents) = kept { log?.report(.classifierBaselineSaved(documents: documents)) }
        return kept ?? .rebuildingElsewhere
    }

    /// Folds the records up to the last sample batch's end into the baseline, keeping the
    /// rows few (`examplesKept`) and the rebuild exact: the counts they make are rebuilt under a
    /// scratch prefix from PostgreSQL alone (never from the live counts, which another process
    /// may be changing), dumped, and saved as the baseline as those records are deleted.
    /// One process folds at a time (the rebuild lock); another skips.
    public func fold(pooled: PooledBayes) async throws {
        guard let journal else { return }
        _ = try await journal.exclusively("classifier:" + keys.prefix) { () async throws -> Bool in
            guard let cut = try await journal.lastCalibrated() else { return false }
            let scratch = RedisClassifierStore(redis: redis, keys: ClassifierKeys(prefix: keys.prefix + "fold:"))
            let baseline = try await journal.baseline()
            try await scratch.rebuild(from: try await journal.examples(through: cut), baseline: baseline, pooled: pooled)
            let dump = try await scratch.dump()
            try await redis.send(["DEL"] + scratch.keys.all).throwingOnError()
            try await journal.fold(dump, through: cut)
            return true
        }
    }

    /// Whether the marker of whole counts is there.
    public func isWhole() async throws -> Bool {
        try await redis.send(["EXISTS", keys.kept]).throwingOnError().integer == 1
    }

    private func markWhole() async throws {
        try await redis.send(["SET", keys.kept, "1"]).throwingOnError()
    }

    /// The document counts, read without the marker.
    private func documentCounts() async throws -> CategoryCounts {
        let reply = try await redis.send(["HMGET", keys.documents] + ClassifierCategory.allCases.map(\.rawValue)).throwingOnError()
        let values = (reply.array ?? []).map { Int($0.integer ?? 0) }
        return CategoryCounts(favorite: values.first ?? 0, normal: values.dropFirst().first ?? 0)
    }

    /// Rebuilds the counts from the baseline and the recorded posts, exactly as learning made
    /// them: every post through the training script in order; the windows as the calibration
    /// script kept them (trimmed after each sample batch); the threshold taken by the same
    /// script where it was last taken; the posts learned after that (counts only) on top.
    func rebuild(from examples: [JournaledPost], baseline: String?, pooled: PooledBayes) async throws {
        try await redis.send(["DEL"] + keys.all).throwingOnError()
        if let baseline { try await restore(baseline) }
        guard let last = examples.lastIndex(where: \.calibrated) else {
            try await replay(examples[...])
            return
        }
        try await replay(examples[...last])
        var favorite = try await calibrationWindow().favorite.map { $0.joined(separator: "\n") }
        var normal = try await calibrationWindow().normal.map { $0.joined(separator: "\n") }
        for example in examples[...last] where example.inSample {
            let post = example.post.features.joined(separator: "\n")
            if example.post.category == .normal {
                normal.append(post)
            } else {
                if example.post.movesInSample, let index = normal.lastIndex(of: post) { normal.remove(at: index) }
                favorite.append(post)
            }
            if example.calibrated {
                favorite = Array(favorite.suffix(Calibration.windowLimit))
                normal = Array(normal.suffix(Calibration.windowLimit))
            }
        }
        var commands: [[String]] = [
            ["DEL", keys.window(.favorite), keys.window(.normal)], ["HSET", keys.sample, "formula", String(Calibration.formula)],
        ]
        for (category, posts) in [(ClassifierCategory.favorite, favorite), (.normal, normal)] where !posts.isEmpty {
            commands.append(["RPUSH", keys.window(category)] + posts)
        }
        commands.append(ClassifierScript.calibrateCommand(posts: [], keys: keys, pooled: pooled))
        for reply in try await redis.pipeline(commands) { try reply.throwingOnError() }
        try await replay(examples[(last + 1)...])
    }

    /// Counts `examples` through the training script (loaded once, run by its hash), in order.
    private func replay(_ examples: ArraySlice<JournaledPost>) async throws {
        guard !examples.isEmpty else { return }
        guard let sha = try await redis.send(["SCRIPT", "LOAD", ClassifierScript.train]).throwingOnError().string else {
            throw ClassifierError.unexpectedReply("SCRIPT LOAD gave no hash")
        }
        for start in stride(from: examples.startIndex, to: examples.endIndex, by: Self.replayBatch) {
            let commands = examples[start..<min(start + Self.replayBatch, examples.endIndex)].map { example in
                var command = ClassifierScript.command(
                    features: example.post.features, as: example.post.category, keys: keys, takeBackFromNormal: example.post.takesBack,
                    sample: !example.inSample ? .none : example.post.movesInSample ? .liked : .new)
                command[0...1] = ["EVALSHA", sha]
                return command
            }
            for reply in try await redis.pipeline(commands) { try reply.throwingOnError() }
        }
    }

    /// The classifier's keys as they are (hashes and lists, named without the prefix), as JSON.
    func dump() async throws -> String {
        var dump = ClassifierDump()
        for key in keys.all {
            let name = String(key.dropFirst(keys.prefix.count))
            let type = try await redis.send(["TYPE", key]).throwingOnError().string
            if type == "hash" {
                let items = (try await redis.send(["HGETALL", key]).throwingOnError().array ?? []).compactMap(\.string)
                dump.hashes[name] = Dictionary(stride(from: 0, to: items.count - 1, by: 2).map { (items[$0], items[$0 + 1]) }) { $1 }
            } else if type == "list" {
                dump.lists[name] = (try await redis.send(["LRANGE", key, "0", "-1"]).throwingOnError().array ?? []).compactMap(\.string)
            }
        }
        return String(decoding: try JSONEncoder().encode(dump), as: UTF8.self)
    }

    /// Writes a `dump` back under this store's prefix.
    private func restore(_ text: String) async throws {
        let dump = try JSONDecoder().decode(ClassifierDump.self, from: Data(text.utf8))
        var commands: [[String]] = []
        for (name, fields) in dump.hashes {
            let pairs = fields.flatMap { [$0.key, $0.value] }
            for start in stride(from: 0, to: pairs.count, by: 2 * Self.replayBatch) {
                commands.append(["HSET", keys.prefix + name] + pairs[start..<min(start + 2 * Self.replayBatch, pairs.count)])
            }
        }
        for (name, items) in dump.lists where !items.isEmpty {
            commands.append(["RPUSH", keys.prefix + name] + items)
        }
        for reply in try await redis.pipeline(commands) { try reply.throwingOnError() }
    }
}

/// The classifier's Redis keys as JSON: each hash's fields, each list's items in order.
struct ClassifierDump: Codable {
    var hashes: [String: [String: String]] = [:]
    var lists: [String: [String]] = [:]
}

extension CountingClassifier where Store == RedisClassifierStore {
    /// The store's `keepCounts` with this classifier's weights.
    public func keepCounts(log: Logger?) async throws -> RedisClassifierStore.Kept {
        try await store.keepCounts(pooled: rule.pooled, log: log)
    }
}
