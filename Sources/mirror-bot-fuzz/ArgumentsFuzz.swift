@testable import MirrorBotCLI

extension FuzzTarget {
    /// argv from bytes split on NUL (as the kernel hands them over; invalid UTF-8 repaired
    /// as `CommandLine.arguments` does), through the pure parser: a command, help, or a
    /// usage error (exit 64). Nothing is run.
    static let arguments = FuzzTarget(name: "arguments", about: "MirrorBotCLI.parse: argv split on NUL") { bytes in
        let argv = bytes.isEmpty ? [] : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        do {
            _ = try MirrorBotCLI.parse(argv)
        } catch let error as UsageError {
            fuzzCheck(ErrorMessage(error, secrets: []).exitCode == 64, "a usage error must exit 64: \(argv)")
        } catch {
            fuzzCheck(false, "\(argv) threw \(type(of: error)), not a usage error: \(error)")
        }
    }
}
