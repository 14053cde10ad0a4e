/// A strict parser of Prometheus' text exposition format 0.0.4, for tests: every
/// line must be a `# HELP`, a `# TYPE`, a comment or a well-formed sample; names,
/// label names, escapes and values must be as the format defines them; a family
/// has at most one HELP and one TYPE, the TYPE before its first sample, its
/// samples in one group, no series twice, no counter below zero; the text ends
/// with a line feed. The first violation is thrown with its line number.
public enum PrometheusExposition {
    public struct Sample: Sendable, Equatable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    public struct Family: Sendable, Equatable {
        public var name: String
        public var type: String?
        public var help: String?
        public var samples: [Sample] = []
    }

    public struct Violation: Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    static let types: Set<String> = ["counter", "gauge", "histogram", "summary", "untyped"]

    public static func parse(_ text: String) throws -> [Family] {
        guard text.isEmpty || text.hasSuffix("\n") else { throw Violation(line: 0, message: "the text does not end with a line feed") }
        var families: [Family] = []
        var index: [String: Int] = [:]
        var closed: Set<String> = []
        var current: String?
        var seen: Set<String> = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = String(raw)
            func fail(_ message: String) -> Violation { Violation(line: number, message: "\(message): \(line)") }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                guard words.count >= 3, words[0] == "#", words[1] == "HELP" || words[1] == "TYPE" else { continue }  // a comment
                let name = words[2]
                guard isMetricName(name) else { throw fail("invalid metric name") }
                let rest = words.count > 3 ? words[3] : ""
                if index[name] == nil {
                    index[name] = families.count
                    families.append(Family(name: name))
                }
                guard let position = index[name] else { continue }
                if words[1] == "HELP" {
                    guard families[position].help == nil else { throw fail("a second HELP for \(name)") }
                    families[position].help = try unescapeHelp(rest, fail)
                } else {
                    guard families[position].type == nil else { throw fail("a second TYPE for \(name)") }
                    guard families[position].samples.isEmpty else { throw fail("TYPE after samples of \(name)") }
                    guard types.contains(rest) else { throw fail("unknown type \"\(rest)\"") }
                    families[position].type = rest
                }
                continue
            }
            let sample = try parseSample(line, fail)
            let family = familyName(of: sample.name, families: families, index: index)
            if current != family {
                if let current { closed.insert(current) }
                guard !closed.contains(family) else { throw fail("samples of \(family) are not in one group") }
                current = family
            }
            let key = sample.name + "{" + sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
            guard seen.insert(key).inserted else { throw fail("the series \(key) twice") }
            if index[family] == nil {
                index[family] = families.count
                families.append(Family(name: family))
            }
            guard let position = index[family] else { continue }
            if families[position].type == "counter", sample.value < 0 || sample.value.isNaN { throw fail("a counter below zero") }
            families[position].samples.append(sample)
        }
        return families
    }

    /// The family a sample belongs to: its own name, or a histogram's or summary's base name.
    static func familyName(of name: String, families: [Family], index: [String: Int]) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if let position = index[base], ["histogram", "summary"].contains(families[position].type ?? "") { return base }
        }
        return name
    }

    static func parseSample(_ line: String, _ fail: (String) -> Violation) throws -> Sample {
        var rest = Substring(line)
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" })
        guard isMetricName(name) else { throw fail("invalid metric name") }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                guard isLabelName(label), !label.hasPrefix("__") else { throw fail("invalid label name \"\(label)\"") }
                rest = rest.dropFirst(label.count)
                guard rest.hasPrefix("=\"") else { throw fail("expected =\" after \(label)") }
                rest = rest.dropFirst(2)
                var value = ""
                while true {
                    guard let character = rest.first else { throw fail("unterminated label value") }
                    rest = rest.dropFirst()
                    if character == "\"" { break }
                    if character == "\\" {
                        guard let escaped = rest.first else { throw fail("unterminated escape") }
                        rest = rest.dropFirst()
                        switch escaped {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw fail("invalid escape \\\(escaped) in a label value")
                        }
                    } else {
                        value.append(character)
                    }
                }
                guard labels.updateValue(value, forKey: label) == nil else { throw fail("the label \(label) twice") }
                if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { throw fail("expected , or }") }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " || rest.first == "\t" else { throw fail("expected a space before the value") }
        let parts = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 1 || parts.count == 2 else { throw fail("expected a value and at most a timestamp") }
        guard let value = parseValue(String(parts[0])) else { throw fail("invalid value \"\(parts[0])\"") }
        if parts.count == 2, Int64(parts[1]) == nil { throw fail("invalid timestamp \"\(parts[1])\"") }
        return Sample(name: name, labels: labels, value: value)
    }

    /// Go's float syntax as Prometheus reads it, plus NaN and ±Inf.
    static func parseValue(_ text: String) -> Double? {
        switch text {
        case "NaN": return .nan
        case "+Inf", "Inf": return .infinity
        case "-Inf": return -.infinity
        default:
            let allowed = Set("0123456789+-.eE")
            guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }), text.contains(where: \.isNumber) else { return nil }
            return Double(text)
        }
    }

    static func unescapeHelp(_ text: String, _ fail: (String) -> Violation) throws -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "\\": result.append("\\")
                case "n": result.append("\n")
                default: throw fail("invalid escape \\\(character) in HELP")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { throw fail("a HELP ending in a backslash") }
        return result
    }

    public static func isMetricName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" || first == ":" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") }
    }

    public static func isLabelName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}

extension [PrometheusExposition.Family] {
    /// The value of the series `name` with exactly `labels`, if present.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        lazy.flatMap(\.samples).first { $0.name == name && $0.labels == labels }?.value
    }

    /// The sum of every series of `name` whose labels include `matching`.
    public func sum(_ name: String, matching: [String: String] = [:]) -> Double {
        flatMap(\.samples).filter { sample in
            sample.name == name && matching.allSatisfy { sample.labels[$0.key] == $0.value }
        }.map(\.value).reduce(0, +)
    }
}
