/// A subcommand that exists in the layout but is not built yet.
struct NotBuiltError: Error, CustomStringConvertible {
    let command: String
    var description: String { "'mirror-bot \(command)' is not built yet" }
}
