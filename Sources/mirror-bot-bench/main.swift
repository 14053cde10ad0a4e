import Foundation

// mirror-bot-bench SUBCOMMAND [options]; see each benchmark's type.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "classifier":
    do {
        try await ClassifierBenchmark.run(arguments: Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
default:
    print("usage: mirror-bot-bench classifier [--posts N] [--batch N] [--seed S] [--jsonl FILE]")
}
