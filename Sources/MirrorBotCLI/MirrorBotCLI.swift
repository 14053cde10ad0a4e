import Foundation
import MirrorBot

/// The `mirror-bot` command line: picks the subcommand, runs it, and turns
/// any error into one line on stderr and an exit status.
public enum MirrorBotCLI {
    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        MigrateCommand.self,
        TrainCommand.self,
        ImportCommand.self,
        StartCommand.self,
        HostCommand.self,
        BotCommand.self,
        ScheduleCommand.self,
        ClassifyCommand.self,
        DoctorCommand.self,
        OptOutCommand.self,
        LoginCommand.self,
        SetupCommand.self,
    ]

    public static let usage = "mirror-bot <subcommand> [options]"

    /// What `parse` found: a command to run, or text to print.
    public enum Parsed: @unchecked Sendable {
        case run(any Command)
        case help(String)
    }

    /// Pure parsing, no side effects: tests call this without a process.
    public static func parse(_ arguments: [String]) throws -> Parsed {
        guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
            if arguments.count >= 2, arguments[0] == "help", let type = command(named: arguments[1]) {
                return .help(helpText(for: type))
            }
            return .help(overview)
        }
        guard let type = command(named: name) else {
            throw UsageError("unknown subcommand '\(name)'", usage: usage)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return .help(helpText(for: type))
        }
        return .run(try type.init(arguments: rest))
    }

    /// Runs `mirror-bot` with `arguments` (without the program name); returns the exit status.
    public static func main(
        arguments: [String], environment: [String: String],
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) async -> Int32 {
        let context = CommandContext(environment: environment, currentDirectory: currentDirectory) { line in
            print(line)
        }
        do {
            switch try parse(arguments) {
            case .help(let text):
                print(text)
                return 0
            case .run(let command):
                return try await command.run(context)
            }
        } catch {
            let message = ErrorMessage(error, secrets: (try? context.configuration().secrets) ?? [])
            FileHandle.standardError.write(Data((message.text + "\n").utf8))
            return message.exitCode
        }
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    static var overview: String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        let list = commands.map { type in
            "  " + type.name.padding(toLength: width, withPad: " ", startingAt: 0) + type.abstract
        }.joined(separator: "\n")
        return """
            OVERVIEW: mirror-bot imitates a person's X account: it reposts their posts at the times \
            they post, answers people the way they answered them, and likes what they would like.

            USAGE: \(usage)

            SUBCOMMANDS:
            \(list)

            Configuration comes from environment variables (DATABASE_URL, REDIS_URL, HUMAN_*, BOT_*, \
            TIME_ZONE, ...); see docs/CONFIGURATION.md.
            See 'mirror-bot <subcommand> --help' for a subcommand's options.
            """
    }

    static func helpText(for type: any Command.Type) -> String {
        "OVERVIEW: \(type.abstract)\n\n\(type.help)"
    }
}
