import Foundation
import MirrorBotPostgres

/// The options both ratio benchmarks take: `--rounds N` (default 5) and `--mirror-bot PATH`
/// (default: the `mirror-bot` beside this executable). Every other word goes to `other` with
/// the words after it, which it may take its value from.
struct RatioOptions {
    var rounds = 5
    var binary = URL(fileURLWithPath: Migrator.runningExecutablePath()).deletingLastPathComponent()
        .appendingPathComponent("mirror-bot").path

    init(_ arguments: [String], other: (String, inout ArraySlice<String>) -> Void) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--rounds": rounds = Int(rest.popFirst() ?? "") ?? 0
            case "--mirror-bot": binary = rest.popFirst() ?? ""
            default: other(argument, &rest)
            }
        }
    }

    /// At least one round, and `mirror-bot` is there to run.
    var isUsable: Bool { rounds > 0 && FileManager.default.isExecutableFile(atPath: binary) }
}
