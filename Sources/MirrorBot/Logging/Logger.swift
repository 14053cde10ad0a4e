import Foundation
import Synchronization

/// One event a line on stdout: a UTC timestamp, a level, an event name and
/// key=value fields. Every line passes through a `Redactor` first.
///
///     2026-11-30T16:20:00Z level=info event=posted slot=07:40 id=123 text="おはよう"
public struct Logger: Sendable {
    public enum Level: String, Sendable, Comparable {
        case debug, info, warning, error

        var severity: Int {
            switch self {
            case .debug: 0
            case .info: 1
            case .warning: 2
            case .error: 3
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.severity < rhs.severity }
    }

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
        var line = Self.timestamp(clock()) + " level=\(level.rawValue) event=\(Self.quote(event))"
        for (key, value) in context {
            line += " \(key)=\(Self.quote(value))"
        }
        for (key, value) in fields {
            line += " \(key)=\(Self.quote(value))"
        }
        sink(redactor.redact(line))
    }

    /// Quotes a value when it holds spaces, quotes, '=' or control characters; escapes inside.
    static func quote(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline || $0 == "\t" }
        guard needsQuotes else { return value }
        var escaped = ""
        for character in value {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n", "\r\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }

    public static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)
        )
    }

    private static let outputLock = Mutex(())

    /// Writes the line and a newline to stdout in one call, flushed at once.
    public static let standardOutput: Sink = { line in
        outputLock.withLock { _ in
            let bytes = Array((line + "\n").utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
        }
    }

    /// A logger that drops everything.
    public static let silent = Logger(sink: { _ in })
}

/// Takes the daemon's events as values (`Logger.reporting(to:)`): the status board.
public protocol EventSink: Sendable {
    /// `loop` names the loop that reported it (the logger's `loop=` context), nil outside the loops.
    func record(_ event: BotEvent, loop: String?)
}
