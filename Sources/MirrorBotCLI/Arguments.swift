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
            // `--name` or `--name=value`: split at the first `=` only, keeping empty parts
            // (`--=` has an empty name, `--days=` an empty value).
            let body = argument.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            let name = String(body[..<(equals ?? body.endIndex)])
            let value = equals.map { String(body[body.index(after: $0)...]) }
            guard !name.isEmpty else {
                throw UsageError("'\(argument)' names no option (write '--name' or '--name=value')", usage: usage)
            }
            if knownFlags.contains(name) {
                guard value == nil else { throw UsageError("'--\(name)' takes no value", usage: usage) }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if let value {
                    options[name] = value
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
