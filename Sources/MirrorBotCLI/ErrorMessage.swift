import Foundation
import JSONLines
import LogLines
import MirrorBot

/// The one place that turns an error into a line of text and an exit status.
struct ErrorMessage {
    let text: String
    let exitCode: Int32

    /// Exit statuses from sysexits.h: 64 usage, 65 bad input data, 69 unavailable, 78 configuration.
    init(_ error: any Error, secrets: [String]) {
        let redactor = Redactor(secrets: secrets)
        switch error {
        case let usage as UsageError:
            text = "Error: \(usage.message)\nUsage: \(usage.usage)\n  See 'mirror-bot --help'."
            exitCode = 64
        case let configuration as ConfigurationError:
            text = "Error: \(redactor.redact(configuration.description))"
            exitCode = 78
        case let input as InputError:
            text = "Error: \(redactor.redact(input.description))"
            exitCode = 65
        default:
            text = "Error: \(redactor.redact(String(describing: error)))"
            exitCode = 1
        }
    }
}
