@testable import MirrorBotCLI
import Testing

@Suite("Argument scanning: bad options are usage errors, never traps")
struct ArgumentsTests {
    /// The usage error `arguments` must give, or nil (recorded as an issue) when they parse.
    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try MirrorBotCLI.parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch let error as UsageError {
            #expect(ErrorMessage(error, secrets: []).exitCode == 64)
            return error
        } catch {
            Issue.record("expected a usage error for \(arguments), got \(error)")
        }
        return nil
    }

    @Test("'schedule --=' and 'start -=- --=' are usage errors (they died of signal 4, issue 15)")
    func emptyOptionName() {
        #expect(usageError(["schedule", "--="])?.message == "'--=' names no option (write '--name' or '--name=value')")
        #expect(usageError(["start", "-=-", "--="]) != nil)
        #expect(usageError(["train", "scheduler", "--==="]) != nil)
        #expect(usageError(["import", "--=archive"]) != nil)
    }

    @Test("'--=json' is not '--json', and '--days=' gives an empty value")
    func splitAtTheFirstEquals() throws {
        #expect(usageError(["schedule", "--=json"]) != nil)
        #expect(usageError(["schedule", "--days="])?.message == "'--days' expects a whole number, got ''")
        #expect(usageError(["schedule", "--json="])?.message == "'--json' takes no value")
        guard case .run(let command) = try MirrorBotCLI.parse(["classify", "--author=a=b", "text"]),
              let classify = command as? ClassifyCommand else {
            Issue.record("expected a classify command")
            return
        }
        #expect(classify.mode == .text("text", author: "a=b"))
    }

    @Test("a lone '-' and anything after '--' are positionals")
    func positionals() throws {
        guard case .run(let command) = try MirrorBotCLI.parse(["import", "--", "--="]),
              let importing = command as? ImportCommand else {
            Issue.record("expected an import command")
            return
        }
        #expect(importing.source == .archive("--="))
        #expect(usageError(["schedule", "-"])?.message == "unexpected argument '-'")
    }

    @Test("'host --start-at HH:MM' starts each bot's clock there, and needs '--time-scale' as 'start' does")
    func hostStartAt() throws {
        #expect(usageError(["host", "--start-at", "19:00"])?.message == "'--start-at' needs '--time-scale'")
        #expect(usageError(["host", "--time-scale", "60", "--start-at", "25:00"])?.message == "'--start-at' expects a time of day HH:MM, got '25:00'")
        guard case .run(let command) = try MirrorBotCLI.parse(["host", "--time-scale", "60", "--start-at", "19:30"]),
              let host = command as? HostCommand else {
            Issue.record("expected a host command")
            return
        }
        #expect(host.clocks.timeScale == 60)
        #expect(host.clocks.startMinute == 19 * 60 + 30)
    }
}
