import MirrorBot
@testable import MirrorBotCLI
import Testing

/// Property: whatever argv a user types, `MirrorBotCLI.parse` returns a command
/// or help, or throws a `UsageError` (exit 64). Never a trap, never another error.
/// The argv come from a seeded generator over an alphabet of the parser's edges,
/// so a failure names its seed and case and replays exactly.
@Suite("Argument parser properties")
struct ArgumentsPropertyTests {
    static let subcommands = MirrorBotCLI.commands.map { $0.name } + ["help", "scheduler", "classifier", "clear"]

    /// Every option and flag name some command knows, and the help switches.
    static let optionNames = [
        "days", "seed", "json", "force", "jsonl", "author", "dir", "time-scale", "start-at", "yes", "help",
    ]

    /// Pieces an argument is glued from: the scanner's separators, values the commands
    /// parse (numbers, times, paths), unicode that changes character boundaries.
    static let atoms: [String] = [
        "", "-", "--", "---", "=", "==", "-=-", "--=", "-h", "--help",
        "0", "1", "7", "-1", "36500", "36501", "99999999999999999999", "1e3", "nan", "inf", "-0", "0x10", " 1",
        "12:30", "24:00", "7:5", ":", "0:00:00", "23:59",
        "file.jsonl", "/tmp/x", ".", "", "a b", "\t", "\n", "\r\n",
        "日本語", "é", "\u{301}", "-\u{301}", "=\u{301}", "\u{FEFF}", "🇯🇵", "\u{200D}", "ｰｰ", "－－",
    ]

    /// One argument: an atom, an option spelling, raw bytes, or a few of them glued together.
    static func argument(_ random: inout SeededGenerator) -> String {
        var pieces: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                pieces.append(atoms.randomElement(using: &random) ?? "")
            case 4..<7:
                let name = optionNames.randomElement(using: &random) ?? ""
                pieces.append(["--\(name)", "--\(name)=", "-\(name)", name].randomElement(using: &random) ?? name)
            case 7:
                pieces.append(subcommands.randomElement(using: &random) ?? "")
            default:
                // NUL-free bytes, invalid UTF-8 repaired as the process's argv would be.
                let bytes = (0..<Int.random(in: 0...6, using: &random)).map { _ in UInt8.random(in: 1...255, using: &random) }
                pieces.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return pieces.joined()
    }

    static func argv(_ random: inout SeededGenerator) -> [String] {
        var arguments: [String] = []
        if Int.random(in: 0..<10, using: &random) < 8 {
            arguments.append(subcommands.randomElement(using: &random) ?? "")
        }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            arguments.append(argument(&random))
        }
        return arguments
    }

    @Test("any argv gives a command, help, or a usage error with exit 64", arguments: [1, 2, 3, 4] as [UInt64])
    func anyArgv(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var outcomes = (commands: 0, help: 0, usage: 0)
        for index in 0..<2_500 {
            let arguments = Self.argv(&random)
            do {
                switch try MirrorBotCLI.parse(arguments) {
                case .run: outcomes.commands += 1
                case .help(let text):
                    outcomes.help += 1
                    #expect(text.hasPrefix("OVERVIEW: "), "seed \(seed) case \(index): \(arguments)")
                }
            } catch let error as UsageError {
                outcomes.usage += 1
                let message = ErrorMessage(error, secrets: [])
                #expect(message.exitCode == 64, "seed \(seed) case \(index): \(arguments)")
                #expect(message.text.hasPrefix("Error: "), "seed \(seed) case \(index): \(arguments)")
            } catch {
                Issue.record("seed \(seed) case \(index): \(arguments) threw \(type(of: error)): \(error)")
            }
        }
        // The generator reaches all three outcomes, or the property says little.
        #expect(outcomes.commands > 50)
        #expect(outcomes.help > 50)
        #expect(outcomes.usage > 500)
    }

    @Test("every option of every command, with every kind of value, parses or is a usage error")
    func everyOptionWithEveryValue() {
        let values = Self.atoms + Self.optionNames.map { "--\($0)" }
        var cases = 0
        for command in MirrorBotCLI.commands.map({ $0.name }) + ["train scheduler", "train classifier", "train clear"] {
            let prefix = command.split(separator: " ").map(String.init)
            for name in Self.optionNames {
                for value in values {
                    for arguments in [prefix + ["--\(name)", value], prefix + ["--\(name)=\(value)"], prefix + [value, "--\(name)"]] {
                        cases += 1
                        do {
                            _ = try MirrorBotCLI.parse(arguments)
                        } catch is UsageError {
                        } catch {
                            Issue.record("\(arguments) threw \(type(of: error)): \(error)")
                        }
                    }
                }
            }
        }
        #expect(cases > 10_000)
    }
}
