@testable import MirrorBotCLI
import Testing

@Suite("train and classify argument parsing")
struct TrainCommandTests {
    @Test("train picks one subcommand", arguments: [
        (["scheduler"], TrainCommand.Subcommand.scheduler(force: false)),
        (["scheduler", "--force"], .scheduler(force: true)),
        (["classifier"], .classifier(force: false)),
        (["classifier", "--force"], .classifier(force: true)),
        (["classifier", "--jsonl", "a.jsonl"], .classifierJSONL(file: "a.jsonl")),
        (["classifier", "--jsonl=-"], .classifierJSONL(file: "-")),
        (["clear", "--yes"], .clear),
    ])
    func trainSubcommands(arguments: [String], expected: TrainCommand.Subcommand) throws {
        #expect(try TrainCommand(arguments: arguments).subcommand == expected)
    }

    @Test("train usage errors", arguments: [[], ["clear"], ["model"], ["scheduler", "--jsonl", "x"], ["classifier", "extra"]])
    func trainUsageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try TrainCommand(arguments: arguments) }
    }

    @Test("classify takes TEXT with an optional author, or --jsonl alone")
    func classifyModes() throws {
        #expect(try ClassifyCommand(arguments: ["寿司", "--author", "alice"]).mode == .text("寿司", author: "alice"))
        #expect(try ClassifyCommand(arguments: ["寿司"]).mode == .text("寿司", author: nil))
        #expect(try ClassifyCommand(arguments: ["--jsonl", "-"]).mode == .jsonl("-"))
        for arguments in [[], ["a", "b"], ["--jsonl", "f", "text"], ["--jsonl", "f", "--author", "a"]] {
            #expect(throws: UsageError.self) { try ClassifyCommand(arguments: arguments) }
        }
    }

    @Test("ratios print with four significant digits")
    func ratioFormat() {
        #expect(ClassificationReport.format(0) == "0")
        #expect(ClassificationReport.format(3) == "3")
        #expect(ClassificationReport.format(12.3456) == "12.35")
        #expect(ClassificationReport.format(0.2) == "0.2")
        #expect(ClassificationReport.format(2.5e9) == "2.500e+09")
    }
}
