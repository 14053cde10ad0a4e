import Foundation

/// The threshold a verdict was decided by, and why: a number the user set, a
/// threshold calibrated on the human's like share, or the seed's 3.0 while
/// the evidence for calibrating is thin.
public struct ThresholdInForce: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Basis: Sendable, Equatable, Codable {
        /// `FAVORITE_RATE_THRESHOLD=<number>`: the seed's rule.
        case fixed
        /// `auto`: the human likes `share` of the `posts` timeline posts learned; the
        /// threshold lets that share through, the `recent` posts of the windows weighed by label.
        case calibrated(share: Double, posts: Int, recent: Int)
        /// `auto`, but only `posts` timeline posts learned: the seed's rule until `needed`.
        case fallback(posts: Int, needed: Int)
        /// `auto`, but the recent scores were made by an older version's formula
        /// (`LikeShareSample.formula`): the seed's rule until `needed` posts are scored anew.
        case rescoring(needed: Int)
    }

    /// Like when the ratio exceeds this.
    public var value: Double
    public var basis: Basis

    public init(value: Double, basis: Basis) {
        self.value = value
        self.basis = basis
    }

    /// The user's number.
    public static func fixed(_ value: Double) -> ThresholdInForce {
        ThresholdInForce(value: value, basis: .fixed)
    }

    /// One line a person reads, e.g. "calibrated: the human likes 4.8% of the 8717 timeline posts learned; threshold 0.184
    /// (4.8% of 1415 recent posts weighed by label)".
    public var description: String {
        switch basis {
        case .fixed:
            "fixed: FAVORITE_RATE_THRESHOLD=\(value)"
        case .calibrated(let share, let posts, let recent):
            "calibrated: the human likes \(Self.percent(share)) of the \(posts) timeline posts learned; "
                + "threshold \(Self.format(value)) (\(Self.percent(share)) of \(recent) recent posts weighed by label)"
        case .fallback(let posts, let needed):
            "fallback: only \(posts) timeline posts learned; the seed's \(value) until \(needed)"
        case .rescoring(let needed):
            "fallback: the recent scores are an older version's; the seed's \(value) until \(needed) timeline posts are scored anew"
        }
    }

    /// A ratio or threshold: up to four significant digits, exponent form when very large or small.
    public static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value >= 1e6 || value < 1e-4 { return String(format: "%.3e", value) }
        var text = String(format: "%.4g", value)
        if text.contains(".") && !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A share as a percentage: one decimal (4.8%, 50%), two significant digits below 1% (0.31%).
    public static func percent(_ share: Double) -> String {
        let percent = share * 100
        if percent > 0 && percent < 1 { return String(format: "%.2g%%", percent) }
        var text = String(format: "%.1f", percent)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + "%"
    }
}
