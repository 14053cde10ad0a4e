import Foundation
import JSONLines
import MirrorBot
import MirrorBotRedis

/// `mirror-bot classify`: the favorite classifier's verdict on one text, or on
/// every line of a JSONL file.
///
/// With `--jsonl`, the whole file is read and checked first: a bad line is an
/// `InputError` (exit 65) naming the file and line, and nothing is printed.
/// Then the posts are classified in batches of `batchSize`, one Redis round
/// trip per batch, and each batch's lines are printed in input order.
struct ClassifyCommand: Command {
    static let name = "classify"
    static let abstract = "Classify a text (TEXT --author NAME) or a JSONL file (--jsonl FILE)."
    static let usage = "mirror-bot classify TEXT [--author NAME] | --jsonl FILE"
    static let help = helpText(
        """
        Prints the verdict (favorite: would like, normal: would not), the ratio
        P(favorite|post) / P(normal|post) against the threshold in force and why
        (FAVORITE_RATE_THRESHOLD: a number, or auto, calibrated to the human's like
        share once 200 timeline posts are learned), and the features that weighed
        most each way with their weighted probabilities. Counts that Redis lost
        are first rebuilt from PostgreSQL (DATABASE_URL), never answered as zeros.

        OPTIONS:
          --author NAME   the post's author (screen name); without it, no author feature
          --jsonl FILE    classify each line {"id"?,"text","author"} of FILE ('-': standard input);
                          writes {"id":…,"label":"favorite"|"normal","ratio":<number>,"threshold":<number>,
                          "features":[…]} a line, in order; id is the input's, or else the line number;
                          label is favorite exactly when ratio > threshold.
                          The whole file is checked before anything is printed.
        """)

    /// Posts per Redis round trip with `--jsonl`.
    static let batchSize = 500
    /// Features listed each way in the text verdict.
    static let strongestLimit = 5

    enum Mode: Equatable {
        case text(String, author: String?)
        case jsonl(String)
    }

    var mode: Mode

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["author", "jsonl"], usage: Self.usage)
        if let file = parsed.option("jsonl") {
            guard parsed.positionals.isEmpty, parsed.option("author") == nil else {
                throw UsageError("'--jsonl' takes no TEXT and no '--author' (they are in the file)", usage: Self.usage)
            }
            mode = .jsonl(file)
            return
        }
        guard let text = parsed.positionals.first else { throw UsageError("missing TEXT", usage: Self.usage) }
        guard parsed.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(parsed.positionals[1])' (quote the text)", usage: Self.usage)
        }
        mode = .text(text, author: parsed.option("author"))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        switch mode {
        case .text(let text, let author):
            let store = try await Self.store(configuration)
            let verdict = try await store.classify(text: text, author: author)
            let documents = verdict.ratio == 0 ? try await store.documentCounts() : nil
            for line in ClassificationReport(verdict, documents: documents, limit: Self.strongestLimit).lines {
                context.output(line)
            }
        case .jsonl(let path):
            let entries = try ClassificationJSONL.entries(in: JSONLinesFile.read(path, currentDirectory: context.currentDirectory))
            let store = try await Self.store(configuration)
            var start = 0
            while start < entries.count {
                let batch = entries[start..<min(start + Self.batchSize, entries.count)]
                let verdicts = try await store.classify(batch: batch.map(\.input))
                var lines: [UInt8] = []
                lines.reserveCapacity(batch.count * 256)
                for (entry, verdict) in zip(batch, verdicts) {
                    if !lines.isEmpty { lines.append(UInt8(ascii: "\n")) }
                    ClassificationJSONL.append(id: entry.id, classification: verdict, to: &lines)
                }
                context.output(String(decoding: lines, as: UTF8.self))
                start += Self.batchSize
            }
        }
        return 0
    }

    /// The classifier over REDIS_URL (and its TLS settings), REDIS_KEY_PREFIX, MECAB_DICDIR and FAVORITE_RATE_THRESHOLD
    /// (for `classify`, and for `train classifier --jsonl`, whose file is a sample of what the human saw).
    /// Counts Redis lost are rebuilt from PostgreSQL before answering (`Services.classifier`).
    static func store(_ configuration: Configuration, source: TrainingSource = .jsonl) async throws -> RedisClassifier {
        try await Services.classifier(configuration, learning: .sample, source: source, log: nil)
    }
}
