import Foundation

/// Behaviours 1 and 2: when the bot posts (the day's plan) and what (a past
/// post written near that minute of the day).
public struct Scheduler: Sendable {
    public let rhythm: any RhythmSource
    public let plans: any PlanStore
    public let picker: any PostPicker
    public let timeZone: TimeZone
    public let postMentions: Bool
    /// Whether the bot's network carries a post's content warning and sensitivity with it;
    /// when not (X), warned posts are never picked.
    public let postWarned: Bool
    /// Which posts with media may be picked (`POST_MEDIA` and whether the network carries them).
    public var media: MediaPick = .textOnly

    /// The picker's windows, in minutes either side of the slot: +/-30 first,
    /// then wider until the whole day.
    public static let windows = [30, 60, 120, 240, 720]
    /// A text the bot posted is not posted again within this time.
    public static let repeatInterval: TimeInterval = 24 * 3600

    /// All parts from one store (PostgreSQL keeps them together).
    public init(store: any ScheduleStore, timeZone: TimeZone, postMentions: Bool, postWarned: Bool = false) {
        self.init(rhythm: store, plans: store, picker: store, timeZone: timeZone, postMentions: postMentions, postWarned: postWarned)
    }

    public init(
        rhythm: any RhythmSource, plans: any PlanStore, picker: any PostPicker, timeZone: TimeZone, postMentions: Bool, postWarned: Bool = false
    ) {
        self.postWarned = postWarned
        self.rhythm = rhythm
        self.plans = plans
        self.picker = picker
        self.timeZone = timeZone
        self.postMentions = postMentions
    }

    /// The stored plan of `day`, drawn and stored first if there is none.
    /// With two daemons, the first to store its draw wins and both use it.
    public func plan(for day: LocalDate, using generator: inout some RandomNumberGenerator) async throws -> [PlanSlot] {
        if let stored = try await plans.plan(for: day) {
            return stored
        }
        let drawer = try await drawer()
        // With no history yet, store nothing: the day is drawn once posts arrive.
        guard !drawer.distribution.isEmpty else { return [] }
        let minutes = drawer.draw(using: &generator)
        return try await plans.storePlan(minutes, for: day, timeZone: timeZone.identifier)
    }

    /// The drawer over the stored history (one aggregate query each).
    public func drawer() async throws -> PlanDrawer {
        PlanDrawer(
            distribution: try await rhythm.minuteDistribution(), dailyCounts: try await rhythm.dailyCounts(),
            minimumGap: PlanDrawer.minimumGap(closestPostGap: try await rhythm.closestPostGap())
        )
    }

    /// `days` simulated plans from `start`, nothing stored: the same seed over
    /// the same stored posts gives the same plans.
    public func simulate(days: Int, from start: LocalDate, seed: UInt64) async throws -> [(date: LocalDate, minutes: [Int])] {
        let drawer = try await drawer()
        var generator = SeededGenerator(seed: seed)
        return (0..<max(0, days)).map { offset in
            (start.adding(days: offset), drawer.draw(using: &generator))
        }
    }

    /// The post for a slot at `minute`: within +/-30 minutes, widening step by
    /// step; nil when nothing fits at all.
    public func pick(for minute: Int, now: Date) async throws -> (post: Post, window: Int)? {
        let notSince = now.addingTimeInterval(-Self.repeatInterval)
        for window in Self.windows {
            if let post = try await picker.pickPost(near: minute, window: window, allowMentions: postMentions, allowWarned: postWarned, media: media, notSince: notSince) {
                return (post, window)
            }
        }
        return nil
    }

    /// Whether a slot at `minute` that `pick` found nothing for had a post behind a content
    /// warning that fits, left out because this network cannot carry it (said in the skip).
    public func onlyWarnedFit(for minute: Int, now: Date) async throws -> Bool {
        guard !postWarned, let widest = Self.windows.last else { return false }
        let notSince = now.addingTimeInterval(-Self.repeatInterval)
        return try await picker.pickPost(near: minute, window: widest, allowMentions: postMentions, allowWarned: true, media: media, notSince: notSince) != nil
    }
}
