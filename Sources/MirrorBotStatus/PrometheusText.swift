import Foundation
import MirrorBot

/// The Prometheus text exposition format, version 0.0.4: for each family a `# HELP`
/// and a `# TYPE` line, then one line per series, labels sorted by name.
///
///     # HELP mirror_bot_failed_rounds_total Loop rounds that failed, by loop.
///     # TYPE mirror_bot_failed_rounds_total counter
///     mirror_bot_failed_rounds_total{loop="likes"} 2
public enum PrometheusText {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public static func render(_ registry: MetricsRegistry) -> String {
        var text = ""
        for family in registry.families {
            text += "# HELP \(family.name) \(escapeHelp(family.help))\n"
            text += "# TYPE \(family.name) \(family.kind.rawValue)\n"
            let series = family.samples.map { (labels: labelText($0.key), value: $0.value) }.sorted { $0.labels < $1.labels }
            for sample in series {
                text += "\(family.name)\(sample.labels) \(format(sample.value))\n"
            }
        }
        return text
    }

    /// `{a="1",b="2"}`, or nothing without labels.
    static func labelText(_ labels: MetricsRegistry.Labels) -> String {
        guard !labels.isEmpty else { return "" }
        let pairs = labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(escapeLabel($0.value))\"" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    /// Label values escape backslash, double quote and line feed.
    static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n", "\r\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Help texts escape backslash and line feed.
    static func escapeHelp(_ help: String) -> String {
        help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Whole numbers without a fraction (`12`), others in Swift's shortest form (`0.25`,
    /// `1e-05`), and `NaN`, `+Inf`, `-Inf` as Prometheus spells them.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
