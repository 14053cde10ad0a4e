import Foundation
@testable import MirrorBotCLI
import Testing

@Suite("Command-line parsing")
struct CommandLineTests {
    @Test("no arguments and --help print the overview with every subcommand")
    func overview() throws {
        for arguments in [[], ["--help"], ["help"]] {
            guard case .help(let text) = try MirrorBotCLI.parse(arguments) else {
                Issue.record("expected help for \(arguments)")
                continue
            }
            #expect(text.contains("OVERVIEW:"))
            #expect(text.contains("USAGE:"))
            #expect(text.contains("SUBCOMMANDS:"))
            for name in ["migrate", "train", "import", "start", "schedule", "classify", "doctor"] {
                #expect(text.contains("  \(name) "))
            }
        }
    }

    @Test("a subcommand's --help shows its usage")
    func subcommandHelp() throws {
        guard case .help(let text) = try MirrorBotCLI.parse(["migrate", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("USAGE: mirror-bot migrate"))
    }

    @Test("unknown subcommands and options are usage errors")
    func usageErrors() {
        #expect(throws: UsageError.self) { try MirrorBotCLI.parse(["fly"]) }
        #expect(throws: UsageError.self) { try MirrorBotCLI.parse(["migrate", "--bogus"]) }
        #expect(throws: UsageError.self) { try MirrorBotCLI.parse(["migrate", "extra"]) }
    }

    @Test("errors map to one line and a sysexits status, without secrets")
    func errorMessages() {
        let usage = ErrorMessage(UsageError("unknown option '--x'", usage: "mirror-bot migrate"), secrets: [])
        #expect(usage.exitCode == 64)
        #expect(usage.text.hasPrefix("Error: unknown option '--x'"))
        let secretError = ErrorMessage(TestFailure(text: "connect to redis://:pa55word@h failed"), secrets: ["pa55word"])
        #expect(secretError.exitCode == 1)
        #expect(!secretError.text.contains("pa55word"))
    }

    struct TestFailure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }
}
