import Foundation

// mirror-bot-bench <benchmark> [arguments]: one file per benchmark, dispatched here.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
let usage = """
    USAGE: mirror-bot-bench import [POSTS] [--parse-only]
           \(ClassifierBenchmark.usage)
           \(SchedulerBenchmark.usage)
           \(ScheduleRatioBenchmark.usage)
           \(ClassifyRatioBenchmark.usage)
           \(SoakBenchmark.usage)
           \(CostWeekBenchmark.usage)
           \(PaceReportBenchmark.usage)
    """

/// Runs a benchmark; any error is one line on stderr and exit 1.
func run(_ benchmark: () async throws -> Void) async {
    do {
        try await benchmark()
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
}

switch arguments.first {
case "import":
    exit(await ImportBenchmark.run(arguments: rest))
case "classifier":
    await run { try await ClassifierBenchmark.run(arguments: rest) }
case "scheduler":
    await run { try await SchedulerBenchmark.run(arguments: rest) }
case "schedule-ratio":
    await run { try await ScheduleRatioBenchmark.run(arguments: rest) }
case "classify-ratio":
    await run { try await ClassifyRatioBenchmark.run(arguments: rest) }
case "cost-week":
    await run { try await CostWeekBenchmark.run(arguments: rest) }
case "pace-report":
    await run { try await PaceReportBenchmark.run(arguments: rest) }
case "soak":
    await run { try await SoakBenchmark.run(arguments: rest) }
default:
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
