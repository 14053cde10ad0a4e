import Foundation

/// One planned post of a day.
public struct PlanSlot: Sendable, Equatable {
    public enum State: String, Sendable {
        case planned, posting, posted, skipped
    }

    public var date: LocalDate
    public var minute: Int
    public var state: State
    public var reason: String?
    public var text: String?
    public var postedID: String?
    /// When the bot's post went out (bot clock time), for posted slots.
    public var postedAt: Date?

    public init(
        date: LocalDate, minute: Int, state: State = .planned, reason: String? = nil, text: String? = nil, postedID: String? = nil,
        postedAt: Date? = nil
    ) {
        self.date = date
        self.minute = minute
        self.state = state
        self.reason = reason
        self.text = text
        self.postedID = postedID
        self.postedAt = postedAt
    }

    public var time: String { MinuteOfDay.format(minute) }
}
