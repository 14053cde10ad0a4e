import MirrorBot
import MirrorBotImport

/// One entry of `like.js`: `{"like": {"tweetId", "fullText", "expandedUrl"}}`,
/// or the bare inner object.
struct ArchiveLikeEntry: Decodable {
    var tweetID: String
    /// As in the file: HTML-escaped; missing on some old likes.
    var escapedText: String?

    private enum Wrapper: String, CodingKey { case like }
    private enum Field: String, CodingKey { case tweetId, fullText }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.archiveEntry(wrappedIn: Wrapper.like, keyedBy: Field.self)
        tweetID = try fields.decode(String.self, forKey: .tweetId)
        escapedText = try fields.decodeIfPresent(String.self, forKey: .fullText)
    }

    /// The like, or nil when it has no text to learn from.
    var like: ArchiveLike? {
        guard let escapedText else { return nil }
        let text = HTMLEntities.unescape(escapedText)
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        return ArchiveLike(tweetID: tweetID, text: text)
    }
}
