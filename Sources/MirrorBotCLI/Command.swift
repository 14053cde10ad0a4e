import Foundation
import LogLines
import MirrorBot

/// One `mirror-bot` subcommand: parsed from its arguments without side effects,
/// then run with the environment.
public protocol Command: Sendable {
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// `mirror-bot NAME ...`: the help's first line, and what a usage error prints.
    static var usage: String { get }
    /// The full help text after `OVERVIEW:` (`helpText(_:)` lays it out).
    static var help: String { get }

    init(arguments: [String]) throws

    /// Runs the command; returns the process exit status.
    func run(_ context: CommandContext) async throws -> Int32
}

extension Command {
    /// A command's help in the one layout: the `USAGE:` line from `usage`, a blank line,
    /// then `details` (what the arguments and options mean, and what the command does).
    static func helpText(_ details: String) -> String {
        "USAGE: \(usage)\n\n\(details)"
    }
}

/// What a running command gets from the outside world.
public struct CommandContext: Sendable {
    public var environment: [String: String]
    public var output: @Sendable (String) -> Void
    public var currentDirectory: String
    /// The next line typed (without its newline); nil at the end of input. Standard input by default,
    /// after flushing standard output, so a prompt printed into a pipe is seen before the read waits.
    public var input: @Sendable () async -> String?

    public init(
        environment: [String: String], currentDirectory: String,
        input: @escaping @Sendable () async -> String? = {
            fflush(nil)
            return readLine(strippingNewline: true)
        },
        output: @escaping @Sendable (String) -> Void
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.input = input
        self.output = output
    }

    /// The configuration, parsed from the environment (throws a `ConfigurationError`).
    public func configuration() throws -> Configuration {
        try Configuration(environment: environment)
    }

    /// A logger that redacts every secret of `configuration`.
    public func logger(_ configuration: Configuration) -> Logger {
        Logger(redactor: Redactor(secrets: configuration.secrets))
    }
}

/// A usage mistake: printed with the usage line, exit status 64.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    public var usage: String

    public init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    public var description: String { message }
}
