/// One logged event as fields, for an observer (`Logger.observed(by:)`): the same
/// names and values as the line, each value redacted.
public struct LogEvent: Sendable, Equatable {
    public var level: Logger.Level
    public var event: String
    /// The logger's context (`loop=…`) and the event's own fields; the event's win on a clash.
    public var fields: [String: String]

    public init(level: Logger.Level, event: String, fields: [String: String] = [:]) {
        self.level = level
        self.event = event
        self.fields = fields
    }

    public subscript(_ key: String) -> String? { fields[key] }

    /// A field as a whole number (`count=3`).
    public func integer(_ key: String) -> Int? { fields[key].flatMap { Int($0) } }

    /// A field as a number (`ratio=14.741`, `ratio=1.2e+07`).
    public func number(_ key: String) -> Double? { fields[key].flatMap { Double($0) }.flatMap { $0.isNaN ? nil : $0 } }
}
