import Foundation
import MirrorBot

/// The text `mirror-bot classify TEXT` prints for one verdict:
///
///     favorite: would like (ratio 12.4 > threshold 3)
///     fixed: FAVORITE_RATE_THRESHOLD=3.0
///     toward favorite:
///       寿司             favorite 0.6250  normal 0.0714
///     toward normal:
///       会議             favorite 0.0833  normal 0.5625
struct ClassificationReport {
    let lines: [String]

    /// `documents` is given when the ratio is 0, to say why there is no evidence.
    init(_ verdict: Classification, documents: CategoryCounts?, limit: Int) {
        var lines: [String] = []
        let comparison = verdict.isFavorite ? ">" : "<="
        let would = verdict.isFavorite ? "would like" : "would not like"
        let threshold = verdict.threshold
        lines.append("\(verdict.label.rawValue): \(would) (ratio \(Self.format(verdict.ratio)) \(comparison) threshold \(Self.format(threshold.value)))")
        lines.append(threshold.description)
        if verdict.features.isEmpty {
            lines.append("no features: the text has no nouns or hashtags, and no author was given")
        } else if let documents, documents.favorite == 0 || documents.normal == 0 {
            lines.append("no evidence yet: the classifier has learnt \(documents.favorite) favorite and \(documents.normal) normal posts")
        }
        let width = min(24, verdict.features.map(\.count).max() ?? 0)
        for category in ClassifierCategory.allCases {
            let strongest = verdict.strongest(toward: category, limit: limit)
            lines.append("toward \(category.rawValue):" + (strongest.isEmpty ? " none" : ""))
            for contribution in strongest {
                let name = contribution.feature.padding(toLength: max(width, contribution.feature.count), withPad: " ", startingAt: 0)
                lines.append("  \(name)  favorite \(Self.probability(contribution.favorite))  normal \(Self.probability(contribution.normal))")
            }
        }
        self.lines = lines
    }

    /// A ratio or threshold: up to four significant digits, exponent form when very large or small.
    static func format(_ value: Double) -> String {
        ThresholdInForce.format(value)
    }

    static func probability(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
