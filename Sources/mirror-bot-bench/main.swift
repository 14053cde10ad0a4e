import Foundation

// mirror-bot-bench <benchmark> [arguments]: one file per benchmark, dispatched here.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    USAGE: mirror-bot-bench import [POSTS] [--parse-only]
           \(ClassifierBenchmark.usage)
           \(SchedulerBenchmark.usage)
    """

switch arguments.first {
case "import":
    exit(await ImportBenchmark.run(arguments: Array(arguments.dropFirst())))
case "classifier":
    do {
        try await ClassifierBenchmark.run(arguments: Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
case "scheduler":
    do {
        try await SchedulerBenchmark.run(arguments: Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
