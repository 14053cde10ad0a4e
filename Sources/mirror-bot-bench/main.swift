import Foundation

// mirror-bot-bench <benchmark> [arguments]: one file per benchmark, dispatched here.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "USAGE: mirror-bot-bench import [POSTS] [--parse-only]"

switch arguments.first {
case "import":
    exit(await ImportBenchmark.run(arguments: Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
