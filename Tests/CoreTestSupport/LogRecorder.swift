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
