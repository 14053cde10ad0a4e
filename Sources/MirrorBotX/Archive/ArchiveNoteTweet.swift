import Foundation
import MirrorBot
import MirrorBotImport

/// One entry of `note-tweet.js`: the whole text of a long post, whose `tweets.js`
/// entry holds only the first 280 characters or so.
/// `{"noteTweet": {"noteTweetId", "createdAt", "core": {"text", …}, …}}`, or the bare inner object.
struct ArchiveNoteTweet: Decodable {
    var id: String
    var createdAt: String?
    var text: String

    private enum Wrapper: String, CodingKey { case noteTweet }
    private enum Field: String, CodingKey { case noteTweetId, createdAt, core }
    private enum Core: String, CodingKey { case text }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.archiveEntry(wrappedIn: Wrapper.noteTweet, keyedBy: Field.self)
        id = try fields.decode(String.self, forKey: .noteTweetId)
        createdAt = try fields.decodeIfPresent(String.self, forKey: .createdAt)
        text = try fields.nestedContainer(keyedBy: Core.self, forKey: .core).decode(String.self, forKey: .text)
    }
}

/// The long posts of an archive, found for each `tweets.js` entry: by id, else (the
/// note's id is not always the post's) by the same second and a text that begins
/// with what `tweets.js` kept of it.
struct ArchiveNoteBook {
    private var byID: [String: String] = [:]
    private var bySecond: [Int: [String]] = [:]

    mutating func add(_ note: ArchiveNoteTweet) {
        byID[note.id] = note.text
        if let second = note.createdAt.flatMap(PostTimestamp.parse).map({ Int($0.timeIntervalSince1970.rounded(.down)) }) {
            bySecond[second, default: []].append(note.text)
        }
    }

    var isEmpty: Bool { byID.isEmpty }

    /// The whole text of `post` when it is a long post cut short in `tweets.js`, else nil.
    func fullText(of post: Post) -> String? {
        let kept = Self.keptPart(of: post.text)
        if let text = byID[post.id] { return text.count > kept.count ? text : nil }
        guard !kept.isEmpty else { return nil }
        let second = Int(post.createdAt.timeIntervalSince1970.rounded(.down))
        return bySecond[second]?.first { $0.hasPrefix(kept) && $0.count > kept.count }
    }

    /// What `tweets.js` kept of a cut post: its text without a trailing `https://t.co/…` link and "…".
    static func keptPart(of text: String) -> String {
        var kept = Substring(text)
        if let link = kept.range(of: "https://t.co/", options: .backwards),
           !kept[link.upperBound...].contains(where: \.isWhitespace) {
            kept = kept[..<link.lowerBound]
        }
        while let last = kept.last, last.isWhitespace || last == "…" { kept = kept.dropLast() }
        return String(kept)
    }
}
