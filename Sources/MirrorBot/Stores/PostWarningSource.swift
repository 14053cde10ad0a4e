/// The warning of the human's stored original whose text the bot is about to send, so a
/// network that can carry it sends it along (as `PostMarkupSource` finds a text's markup).
public protocol PostWarningSource: Sendable {
    /// The warning of a stored original that is `text`; nil when none is warned.
    func warning(of text: String) async throws -> PostWarning?
}
