/// A small argument scanner: flags (`--force`), options (`--days 7` or
/// `--days=7`) and positionals, in any order; `--` ends options.
struct Arguments {
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []
    private var unknown: [String] = []

    init(_ arguments: [String], flags knownFlags: Set<String> = [], options knownOptions: Set<String> = [], usage: String) throws {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let body = String(argument.dropFirst(2))
            let parts = body.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if knownFlags.contains(name) {
                guard parts.count == 1 else { throw UsageError("'--\(name)' takes no value", usage: usage) }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if parts.count == 2 {
                    options[name] = parts[1]
                } else {
                    guard index < arguments.count else { throw UsageError("missing value for '--\(name)'", usage: usage) }
                    options[name] = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError("unknown option '--\(name)'", usage: usage)
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func option(_ name: String) -> String? { options[name] }

    func integer(_ name: String, usage: String) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text) else {
            throw UsageError("'--\(name)' expects a whole number, got '\(text)'", usage: usage)
        }
        return value
    }
}
