/// Whether what a classifier learns is evidence of the human's like share
/// (`FAVORITE_RATE_THRESHOLD=auto` calibrates on it).
public enum ClassifierLearning: Sendable, Equatable {
    /// A sample of what the human saw, each post labelled by whether they liked it:
    /// the daemon's learning of the human's home timeline and likes. Each post is
    /// counted in the like share and kept in the calibration's window of its label.
    case sample
    /// Chosen sets whose sizes say nothing of the share: `train classifier` from the
    /// network (800 likes beside 800 timeline posts), an archive's likes. Counts only.
    case countsOnly
}
