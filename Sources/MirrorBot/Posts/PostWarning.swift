/// The content warning and sensitivity a post of the human's carries (`posts.content_warning`
/// and `posts.sensitivity`, migration 024), so a repost keeps them.
public struct PostWarning: Sendable, Equatable, Hashable, Codable {
    /// The words of warning as written; "" when the post is marked sensitive without any.
    public var text: String
    /// What kind of sensitive content it is, in a stable order.
    public var labels: [SensitivityLabel]

    public init(text: String, labels: [SensitivityLabel] = []) {
        self.text = text
        self.labels = Array(Set(labels)).sorted { $0.rawValue < $1.rawValue }
    }

    /// A post's warning from a network's fields: nil when it has no words and no label.
    public static func from(text: String?, labels: [SensitivityLabel]) -> PostWarning? {
        let words = text ?? ""
        return words.isEmpty && labels.isEmpty ? nil : PostWarning(text: words, labels: labels)
    }
}

/// A kind of sensitive content a post is labelled with.
public enum SensitivityLabel: String, Sendable, Codable, CaseIterable, Hashable {
    /// Mastodon's `sensitive` flag: sensitive, of no named kind.
    case sensitive
    /// Bluesky's self-labels for content (`com.atproto.label.defs#selfLabels`).
    case graphicMedia = "graphic-media"
    case nudity, sexual, porn

    /// The labels Bluesky lets an author put on their own post.
    public static let blueskySelfLabels: [SensitivityLabel] = [.graphicMedia, .nudity, .sexual, .porn]
}
