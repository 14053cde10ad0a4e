import Foundation
import MirrorBot

/// `mirror-bot train`: teach the scheduler or the classifier, or forget everything.
///
///     train scheduler [--force]               the human's recent posts from X (not built yet)
///     train classifier [--force]              likes and home timeline from X (not built yet)
///     train classifier --jsonl FILE           labeled posts from a JSONL file
///     train clear --yes                       forget stored posts and classifier counts (not built yet)
///
/// Parsing is pure: `init(arguments:)` picks the `Subcommand`; `run` calls one
/// function per subcommand.
struct TrainCommand: Command {
    static let name = "train"
    static let abstract = "Train the scheduler (train scheduler) or the classifier (train classifier), or forget everything (train clear --yes)."
    static let usage = "mirror-bot train scheduler [--force] | classifier [--force] [--jsonl FILE] | clear --yes"
    static let help = """
        USAGE: \(usage)

        SUBCOMMANDS:
          scheduler    fetch the human's most recent posts (up to 3,200) and store them; once unless --force
          classifier   fetch the human's latest likes as favorite and home timeline as normal; once unless --force;
                       with --jsonl FILE, learn the lines {"text","author","label":"favorite"|"normal"} of FILE
                       ('-': standard input) instead. The whole file is checked first: a bad line names the
                       file and line, and nothing is learnt. Each line is learnt as exactly its label.
          clear        forget stored posts and classifier counts (asks for --yes)
        """

    /// Posts per Redis round trip with `--jsonl`.
    static let batchSize = 500

    enum Subcommand: Equatable {
        case scheduler(force: Bool)
        case classifier(force: Bool)
        case classifierJSONL(file: String)
        case clear
    }

    var subcommand: Subcommand

    init(arguments: [String]) throws {
        guard let name = arguments.first else {
            throw UsageError("missing subcommand: scheduler, classifier or clear", usage: Self.usage)
        }
        let parsed: Arguments
        switch name {
        case "scheduler":
            parsed = try Arguments(Array(arguments.dropFirst()), flags: ["force"], usage: Self.usage)
            subcommand = .scheduler(force: parsed.flag("force"))
        case "classifier":
            parsed = try Arguments(Array(arguments.dropFirst()), flags: ["force"], options: ["jsonl"], usage: Self.usage)
            if let file = parsed.option("jsonl") {
                subcommand = .classifierJSONL(file: file)
            } else {
                subcommand = .classifier(force: parsed.flag("force"))
            }
        case "clear":
            parsed = try Arguments(Array(arguments.dropFirst()), flags: ["yes"], usage: Self.usage)
            guard parsed.flag("yes") else {
                throw UsageError("'train clear' forgets every stored post and classifier count: confirm with '--yes'", usage: Self.usage)
            }
            subcommand = .clear
        default:
            throw UsageError("unknown train subcommand '\(name)' (scheduler, classifier or clear)", usage: Self.usage)
        }
        if let extra = parsed.positionals.first {
            throw UsageError("unexpected argument '\(extra)'", usage: Self.usage)
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        switch subcommand {
        case .scheduler(let force): try await trainScheduler(force: force, context)
        case .classifier(let force): try await trainClassifier(force: force, context)
        case .classifierJSONL(let file): try await trainClassifier(jsonl: file, context)
        case .clear: try await clear(context)
        }
    }

    func trainScheduler(force: Bool, _ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: "train scheduler")
    }

    func trainClassifier(force: Bool, _ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: "train classifier")
    }

    /// Checks the whole file, then learns it in batches and prints what it learnt.
    func trainClassifier(jsonl path: String, _ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let examples = try TrainingJSONL.examples(in: JSONLinesFile.read(path, currentDirectory: context.currentDirectory))
        let store = try await ClassifyCommand.store(configuration)
        var start = 0
        while start < examples.count {
            try await store.train(labeled: Array(examples[start..<min(start + Self.batchSize, examples.count)]))
            start += Self.batchSize
        }
        let learnt = TrainingJSONL.summary(examples)
        let total = try await store.documentCounts()
        let name = path == "-" ? "stdin" : path
        context.output("Trained \(examples.count) posts from \(name): favorite \(learnt.favorite), normal \(learnt.normal)")
        context.output("The classifier now knows favorite \(total.favorite), normal \(total.normal)")
        return 0
    }

    func clear(_ context: CommandContext) async throws -> Int32 {
        throw NotBuiltError(command: "train clear")
    }
}
