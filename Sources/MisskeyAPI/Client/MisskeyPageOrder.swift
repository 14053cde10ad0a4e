/// Which way a `MisskeyPager` walks, and from where. Positions are item ids (a note's, a
/// notification's, a reaction's), opaque to callers; they compare as Misskey's do.
public enum MisskeyPageOrder: Sendable, Equatable {
    /// Newest first (`untilId`), down to the item after `floor` (nil: as far as the limit goes).
    case newestFirst(floor: String?)
    /// Oldest first, forward from the item after `position` (`sinceId` alone, which Misskey
    /// answers in ascending order): a walk that resumes where the last one stopped.
    case oldestFirst(after: String)
}
