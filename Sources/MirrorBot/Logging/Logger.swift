import Foundation
import LogLines

/// One event a line on stdout (`LogLine`: a UTC timestamp, a level, an event name and
/// key=value fields). Every line passes through a `Redactor` first.
///
///     2026-11-30T16:20:00Z level=info event=posted slot=07:40 id=123 text="おはよう"
public struct Logger: Sendable {
    public typealias Level = LogLine.Level

    public typealias Sink = @Sendable (String) -> Void

    private let sink: Sink
    /// Takes every reported event as a value, at any level (the status board).
    private let events: (any EventSink)?
    private let redactor: Redactor
    private let minimumLevel: Level
    private let clock: @Sendable () -> Date
    private let context: [(String, String)]

    public init(
        redactor: Redactor = Redactor(), minimumLevel: Level = .info,
        clock: @escaping @Sendable () -> Date = Date.init, sink: @escaping Sink = Logger.standardOutput
    ) {
        self.sink = sink
        self.redactor = redactor
        self.minimumLevel = minimumLevel
        self.clock = clock
        self.context = []
        self.events = nil
    }

    private init(copying other: Logger, context: [(String, String)], events: (any EventSink)?) {
        sink = other.sink
        redactor = other.redactor
        minimumLevel = other.minimumLevel
        clock = other.clock
        self.context = context
        self.events = events
    }

    /// A logger that adds `fields` to every line (e.g. `loop=replies`).
    public func with(_ fields: KeyValuePairs<String, String>) -> Logger {
        Logger(copying: self, context: context + fields.map { ($0.key, $0.value) }, events: events)
    }

    /// The same logger, also handing every reported event (any level) to `sink` as it is,
    /// with the `loop` of this logger's context.
    public func reporting(to sink: any EventSink) -> Logger {
        Logger(copying: self, context: context, events: sink)
    }

    /// What happened: rendered as one line (`BotEvent.line`) and handed to the sink, if any.
    public func report(_ event: BotEvent) {
        events?.record(event, loop: context.last { $0.0 == "loop" }?.1)
        let line = event.line
        emit(line.level, line.name, line.fields)
    }

    public func debug(_ event: String, _ fields: KeyValuePairs<String, any Sendable> = [:]) { log(.debug, event, fields) }
    public func info(_ event: String, _ fields: KeyValuePairs<String, any Sendable> = [:]) { log(.info, event, fields) }
    public func warning(_ event: String, _ fields: KeyValuePairs<String, any Sendable> = [:]) { log(.warning, event, fields) }
    public func error(_ event: String, _ fields: KeyValuePairs<String, any Sendable> = [:]) { log(.error, event, fields) }

    public func log(_ level: Level, _ event: String, _ fields: KeyValuePairs<String, any Sendable>) {
        emit(level, event, fields.map { ($0.key, String(describing: $0.value)) })
    }

    private func emit(_ level: Level, _ event: String, _ fields: [(String, String)]) {
        guard level >= minimumLevel else { return }
        sink(redactor.redact(LogLine.render(clock(), level, event, context + fields)))
    }

    public static func timestamp(_ date: Date) -> String { LogLine.timestamp(date) }

    /// Writes the line and a newline to stdout in one call, flushed at once.
    public static let standardOutput: Sink = LogLine.standardOutput

    /// A logger that drops everything.
    public static let silent = Logger(sink: { _ in })
}

/// Takes the daemon's events as values (`Logger.reporting(to:)`): the status board.
public protocol EventSink: Sendable {
    /// `loop` names the loop that reported it (the logger's `loop=` context), nil outside the loops.
    func record(_ event: BotEvent, loop: String?)
}
