import Foundation
import Synchronization

/// One log line as people read it and grep it: a UTC timestamp, `level=`, `event=` and
/// key=value fields, a value quoted when it holds spaces, quotes, `=` or control characters.
/// The core's `Logger` decides what is said (its events, its context); this is how it reads.
///
///     2026-11-30T16:20:00Z level=info event=posted slot=07:40 id=123 text="おはよう"
public enum LogLine {
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

    /// The line of `event` at `date`: the context's fields first, then the event's.
    public static func render(_ date: Date, _ level: Level, _ event: String, _ fields: [(String, String)]) -> String {
        var line = timestamp(date) + " level=\(level.rawValue) event=\(quote(event))"
        for (key, value) in fields {
            line += " \(key)=\(quote(value))"
        }
        return line
    }

    /// Quotes a value when it holds spaces, quotes, '=' or control characters; escapes inside.
    public static func quote(_ value: String) -> String {
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
    public static let standardOutput: @Sendable (String) -> Void = { line in
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
}
