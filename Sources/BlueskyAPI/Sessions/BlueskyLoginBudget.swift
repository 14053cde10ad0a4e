import Foundation

/// How many logins (`createSession`) an account may make: Bluesky allows 30 in
/// any 5 minutes and 300 in any day. A pure rule over the times of past logins.
public struct BlueskyLoginBudget: Sendable, Equatable {
    public struct Window: Sendable, Equatable {
        public var limit: Int
        public var seconds: TimeInterval

        public init(limit: Int, seconds: TimeInterval) {
            self.limit = limit
            self.seconds = seconds
        }
    }

    public var windows: [Window]

    public init(windows: [Window]) { self.windows = windows }

    /// Bluesky's: 30 per 5 minutes, 300 per day.
    public static let bluesky = BlueskyLoginBudget(windows: [Window(limit: 30, seconds: 300), Window(limit: 300, seconds: 86_400)])

    /// The longest window: logins older than this no longer count.
    public var horizon: TimeInterval { windows.map(\.seconds).max() ?? 0 }

    /// nil when one more login at `now` stays within every window; else the first
    /// moment it would, and which limit is spent.
    public func refusal(logins: [Date], now: Date) -> (until: Date, detail: String)? {
        var latest: (Date, String)?
        for window in windows where window.limit >= 0 {
            let start = now.addingTimeInterval(-window.seconds)
            let recent = logins.filter { $0 > start && $0 <= now }.sorted()
            guard recent.count >= window.limit else { continue }
            // Free again once enough of the oldest have left the window.
            let freeing = recent[recent.count - window.limit].addingTimeInterval(window.seconds)
            let detail = "\(recent.count) logins in the last \(Self.describe(window.seconds)), Bluesky allows \(window.limit)"
            if latest.map({ freeing > $0.0 }) ?? true { latest = (freeing, detail) }
        }
        return latest.map { (until: $0.0, detail: $0.1) }
    }

    static func describe(_ seconds: TimeInterval) -> String {
        seconds >= 86_400 ? "\(Int(seconds / 86_400 * 24)) hours" : "\(Int(seconds / 60)) minutes"
    }
}
