import MirrorBot
import Synchronization

/// Collects a logger's lines, for tests that check what was logged.
public final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var logger: Logger {
        Logger(sink: { line in self.lines.withLock { $0.append(line) } })
    }

    public var all: [String] { lines.withLock { $0 } }

    /// The lines of `event`.
    public func events(_ event: String) -> [String] {
        all.filter { $0.contains(" event=\(event) ") || $0.hasSuffix(" event=\(event)") }
    }
}

/// Collects the events a logger reports (`Logger.reporting(to:)`), as values, with their loop.
public final class EventRecorder: EventSink {
    private let stored = Mutex<[(event: BotEvent, loop: String?)]>([])

    public init() {}

    public var events: [(event: BotEvent, loop: String?)] { stored.withLock { $0 } }

    public func record(_ event: BotEvent, loop: String?) { stored.withLock { $0.append((event, loop)) } }
}
