import Foundation

// mirror-bot-bench <benchmark> [arguments]: one file per benchmark, dispatched here.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())

/// The benchmarks besides `import`, by name, in the usage's order: each named once here.
let benchmarks: [(name: String, usage: String, run: ([String]) async throws -> Void)] = [
    ("classifier", ClassifierBenchmark.usage, ClassifierBenchmark.run(arguments:)),
    ("scheduler", SchedulerBenchmark.usage, SchedulerBenchmark.run(arguments:)),
    ("schedule-ratio", ScheduleRatioBenchmark.usage, ScheduleRatioBenchmark.run(arguments:)),
    ("classify-ratio", ClassifyRatioBenchmark.usage, ClassifyRatioBenchmark.run(arguments:)),
    ("import-ratio", ImportRatioBenchmark.usage, ImportRatioBenchmark.run(arguments:)),
    ("train-ratio", TrainRatioBenchmark.usage, TrainRatioBenchmark.run(arguments:)),
    ("train-jsonl-ratio", TrainJSONLRatioBenchmark.usage, TrainJSONLRatioBenchmark.run(arguments:)),
    ("status-ratio", StatusRatioBenchmark.usage, StatusRatioBenchmark.run(arguments:)),
    ("soak", SoakBenchmark.usage, SoakBenchmark.run(arguments:)),
    ("cost-week", CostWeekBenchmark.usage, CostWeekBenchmark.run(arguments:)),
    ("pace-report", PaceReportBenchmark.usage, PaceReportBenchmark.run(arguments:)),
    ("rebuild", RebuildBenchmark.usage, RebuildBenchmark.run(arguments:)),
    ("http-line", HTTPLineBenchmark.usage, HTTPLineBenchmark.run(arguments:)),
]
let usage = (["USAGE: mirror-bot-bench import [POSTS] [--parse-only]"] + benchmarks.map { "       \($0.usage)" }).joined(separator: "\n")

if arguments.first == "import" {
    exit(await ImportBenchmark.run(arguments: rest))
} else if let benchmark = benchmarks.first(where: { $0.name == arguments.first }) {
    // Any error is one line on stderr and exit 1.
    do {
        try await benchmark.run(rest)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
} else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
