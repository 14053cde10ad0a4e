/// Where a text the bot is about to send came from: the markup of the human's stored post
/// that is the text, or whose reply body (`ReplyText.body`) it is.
public protocol PostMarkupSource: Sendable {
    /// `.mfm` when a stored post written in MFM is (or answers with) `text`; nil for plain
    /// text, and for a text no stored post has.
    func markup(of text: String) async throws -> PostMarkup?
}
