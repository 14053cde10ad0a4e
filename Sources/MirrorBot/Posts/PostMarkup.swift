/// The markup language a stored post's text is written in, when it is not plain text
/// (`posts.markup`, migration 019).
public enum PostMarkup: String, Sendable, Codable {
    /// Misskey's MFM: the human's notes, from the API or a notes export.
    case mfm
}
