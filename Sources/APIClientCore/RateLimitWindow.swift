import Foundation

/// One rate-limit window as a response stated it.
public struct RateLimitWindow: Sendable, Equatable {
    /// Requests (or points) the window allows, when the headers say.
    public var limit: Int?
    public var remaining: Int
    public var resetAt: Date

    public init(limit: Int? = nil, remaining: Int, resetAt: Date) {
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
    }

    /// Nothing left until `resetAt`.
    public var isSpent: Bool { remaining <= 0 }

    /// The more restrictive of two windows: a spent one, of two spent ones the
    /// later reset, of two open ones the one with less left.
    public func moreRestrictive(_ other: RateLimitWindow) -> RateLimitWindow {
        switch (isSpent, other.isSpent) {
        case (true, false): self
        case (false, true): other
        case (true, true): other.resetAt > resetAt ? other : self
        case (false, false): other.remaining < remaining ? other : self
        }
    }
}
