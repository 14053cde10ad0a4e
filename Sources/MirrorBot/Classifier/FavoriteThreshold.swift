/// `FAVORITE_RATE_THRESHOLD`: how the classifier decides that the human would like a post.
///
/// - `auto` (the default): calibrated on what the bot has learned, so that it likes
///   about the share of timeline posts the human likes (see `Calibration`); the
///   seed's rule at 3.0 until there is enough evidence.
/// - a number: the seed's rule exactly, like when the ratio exceeds it (`NaiveBayes`).
public enum FavoriteThreshold: Sendable, Equatable, CustomStringConvertible {
    case auto
    case fixed(Double)

    /// `auto` (any case), or a finite number of at least 0; nil otherwise.
    public init?(_ text: String) {
        if text.lowercased() == "auto" {
            self = .auto
        } else if let value = Double(text), value.isFinite, value >= 0 {
            self = .fixed(value)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .fixed(let value): "\(value)"
        }
    }
}
