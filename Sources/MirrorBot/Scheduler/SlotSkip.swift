/// Why a planned slot was not posted: what the plan keeps (`stored`), what the
/// `slot_skipped` line says, what the status page shows and the metric's label.
public enum SlotSkip: Sendable, Equatable {
    /// Several slots fell due at once; `latest` was posted instead.
    case crowdedOut(latest: String)
    /// More than the late grace after its time: the bot was not running.
    case late(slot: String, minutes: Int)
    case noPostFits
    /// Only posts behind a content warning fit, and this network cannot carry it (X: issue 40).
    case onlyWarnedFit
    case everyTextRefused
    case dryRun
    /// Still planned when its day ended.
    case dayEnded
    /// Left `posting` by a daemon that died mid-post.
    case interrupted

    /// The reason kept with the slot (`plan_slots.reason`).
    public var stored: String {
        switch self {
        case .crowdedOut(let latest): "missed: slot \(latest) fell due too; one post at a time"
        case .late(let slot, _): "missed: the bot was not running at \(slot)"
        case .noPostFits: "no stored post fits"
        case .onlyWarnedFit: "only posts behind a content warning fit; this network cannot carry it"
        case .everyTextRefused: "every picked text was refused"
        case .dryRun: "dry run"
        case .dayEnded: "missed: the day ended before the slot was posted"
        case .interrupted: "interrupted while posting"
        }
    }

    /// The `reason=` field of the `slot_skipped` line.
    public var logReason: String {
        switch self {
        case .crowdedOut, .late: "missed"
        case .everyTextRefused: "duplicates refused"
        case .noPostFits, .onlyWarnedFit, .dryRun, .dayEnded, .interrupted: stored
        }
    }

    /// What the status page says of the slot.
    public var shown: String {
        switch self {
        case .late(_, let minutes): "missed: \(minutes) min late"
        case .crowdedOut: stored
        case .noPostFits, .onlyWarnedFit, .everyTextRefused, .dryRun, .dayEnded, .interrupted: logReason
        }
    }

    /// The `reason` label of `mirror_bot_skipped_slots_total` (few values: `StatusMetrics.slotSkipReasons`).
    public var label: String {
        switch self {
        case .crowdedOut, .late, .dayEnded: "missed"
        case .noPostFits, .onlyWarnedFit: "no_post_fits"
        case .everyTextRefused: "refused"
        case .interrupted: "interrupted"
        case .dryRun: "other"
        }
    }
}
