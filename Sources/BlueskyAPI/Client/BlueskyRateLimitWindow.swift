import Foundation

/// One rate-limit window as a response stated it (`RateLimitWindow` in the shared client core).
public struct BlueskyRateLimitWindow: Sendable, Equatable {
    /// Requests (or write points) the window allows, when the headers say.
    public var limit: Int?
    public var remaining: Int
    public var resetAt: Date

    public init(limit: Int? = nil, remaining: Int, resetAt: Date) {
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
    }

    public var isSpent: Bool { remaining <= 0 }
}
