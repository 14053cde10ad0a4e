/// The lines of an env file (`KEY=value`, as docker compose, dotenv and `set -a; . ./.env` read
/// them): read values, set values keeping every other line, render back. Pure: no file access
/// (`EnvFile+Writing.swift` writes one).
struct EnvFile: Sendable, Equatable {
    private(set) var lines: [String]

    init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The value of `key` (the last assignment wins, as in a shell), unquoted; nil when unset.
    func value(of key: String) -> String? {
        lines.reversed().lazy.compactMap { Self.assignment($0) }.first { $0.key == key }.map { Self.unquote($0.value) }
    }

    /// Every `KEY=value` in the file, unquoted (the last assignment of a key wins).
    var values: [String: String] {
        var result: [String: String] = [:]
        for line in lines {
            if let (key, value) = Self.assignment(line) { result[key] = Self.unquote(value) }
        }
        return result
    }

    /// Sets each key: its assignments are replaced in place by one line (the first; later ones dropped),
    /// keys not in the file are appended, in the order given.
    mutating func set(_ updates: [(key: String, value: String)]) {
        for (key, value) in updates {
            let line = "\(key)=\(Self.quote(value))"
            var replaced = false
            lines = lines.compactMap { existing in
                guard Self.assignment(existing)?.key == key else { return existing }
                defer { replaced = true }
                return replaced ? nil : line
            }
            if !replaced { lines.append(line) }
        }
    }

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// A value as the readers agree on it: bare when it holds only safe characters, else in single
    /// quotes (nothing inside is special), else in double quotes with `\`, `"`, `$` and `` ` `` escaped.
    static func quote(_ value: String) -> String {
        let safe = value.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.:/@+,%".unicodeScalars.contains(scalar))
        }
        if safe && !value.isEmpty { return value }
        if !value.contains("'") && !value.contains("\n") { return "'\(value)'" }
        var escaped = ""
        for character in value {
            switch character {
            case "\\", "\"", "$", "`": escaped += "\\\(character)"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }

    /// `KEY=value` or `export KEY=value`; nil for comments, blank and other lines.
    private static func assignment(_ line: String) -> (key: String, value: String)? {
        var body = Substring(line).drop { $0 == " " || $0 == "\t" }
        if body.hasPrefix("export ") { body = body.dropFirst(7).drop { $0 == " " } }
        guard let equals = body.firstIndex(of: "=") else { return nil }
        let key = body[..<equals]
        guard let first = key.first, first == "_" || first.isLetter,
            key.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
        else { return nil }
        return (String(key), String(body[body.index(after: equals)...]))
    }

    private static func unquote(_ raw: String) -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") { return String(value.dropFirst().dropLast()) }
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        var result = ""
        var escaping = false
        for character in value.dropFirst().dropLast() {
            if escaping {
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
