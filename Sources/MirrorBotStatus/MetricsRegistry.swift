import MirrorBot

/// Counters and gauges by name and labels, with their help texts: what /metrics shows.
///
/// A plain value: the status board keeps one under its lock, and /metrics renders a
/// copy. Families are declared once (name, kind, help) and listed in that order.
public struct MetricsRegistry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case counter, gauge
    }

    /// Label names to values, e.g. `["loop": "likes"]`; rendered sorted by name.
    public typealias Labels = [String: String]

    public struct Family: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        public var help: String
        public var samples: [Labels: Double]
    }

    public private(set) var families: [Family] = []
    private var index: [String: Int] = [:]

    public init() {}

    /// Declares a family (again: no change), with `initial` label sets at 0 so that a
    /// series exists before its first event (Prometheus' advice for counters).
    public mutating func declare(_ name: String, _ kind: Kind, help: String, initial: [Labels] = []) {
        guard index[name] == nil else { return }
        index[name] = families.count
        families.append(Family(name: name, kind: kind, help: help, samples: Dictionary(initial.map { ($0, 0) }) { first, _ in first }))
    }

    /// Adds `amount` to a counter (declared before; an undeclared name is ignored).
    public mutating func add(_ name: String, _ labels: Labels = [:], _ amount: Double = 1) {
        guard let position = index[name], amount >= 0 else { return }
        families[position].samples[labels, default: 0] += amount
    }

    /// Sets a gauge.
    public mutating func set(_ name: String, _ labels: Labels = [:], to value: Double) {
        guard let position = index[name] else { return }
        families[position].samples[labels] = value
    }

    /// Removes a gauge's series (the value is not known any more).
    public mutating func remove(_ name: String, _ labels: Labels = [:]) {
        guard let position = index[name] else { return }
        families[position].samples[labels] = nil
    }

    public func value(_ name: String, _ labels: Labels = [:]) -> Double? {
        index[name].flatMap { families[$0].samples[labels] }
    }

    /// The sum over every label set of a family.
    public func total(_ name: String) -> Double {
        index[name].map { families[$0].samples.values.reduce(0, +) } ?? 0
    }
}
