import Foundation
import MirrorBot
import MirrorBotImport

/// One entry of `tweets.js` / `tweet.js`: wrapped `{"tweet": {…}}` (archives
/// since about 2020) or bare (older). Only the fields the bot uses are decoded.
struct ArchiveTweet: Decodable {
    var id: String
    /// As in the file: HTML-escaped.
    var escapedText: String
    var createdAt: String
    var inReplyToUserID: String?
    var inReplyToScreenName: String?
    var inReplyToStatusID: String?
    /// Set on entries the archive marks deleted (`deleted-tweets.js` has it on each).
    var deletedAt: String?
    /// `extended_entities.media`: the post's media in order.
    var media: [ArchiveMedia]

    private enum Wrapper: String, CodingKey { case tweet }

    private enum Field: String, CodingKey {
        case id, idStr = "id_str", fullText = "full_text", text
        case createdAt = "created_at"
        case inReplyToUserIDStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case inReplyToStatusIDStr = "in_reply_to_status_id_str"
        case deletedAt = "deleted_at"
        case extendedEntities = "extended_entities"
    }

    private struct ExtendedEntities: Decodable {
        var media: [ArchiveMedia]?
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.archiveEntry(wrappedIn: Wrapper.tweet, keyedBy: Field.self)
        if let idStr = try fields.decodeIfPresent(String.self, forKey: .idStr) {
            id = idStr
        } else {
            id = try fields.decode(String.self, forKey: .id)
        }
        if let fullText = try fields.decodeIfPresent(String.self, forKey: .fullText) {
            escapedText = fullText
        } else {
            escapedText = try fields.decode(String.self, forKey: .text)
        }
        createdAt = try fields.decode(String.self, forKey: .createdAt)
        inReplyToUserID = try fields.decodeIfPresent(String.self, forKey: .inReplyToUserIDStr)
        inReplyToScreenName = try fields.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        inReplyToStatusID = try fields.decodeIfPresent(String.self, forKey: .inReplyToStatusIDStr)
        deletedAt = (try? fields.decodeIfPresent(String.self, forKey: .deletedAt)) ?? nil
        media = (try fields.decodeIfPresent(ExtendedEntities.self, forKey: .extendedEntities))?.media ?? []
    }

    /// The post to store; throws an `ArchiveEntryError` saying what is wrong with the entry
    /// (a date outside `dates` included).
    func post(dates: PlausibleDates) throws -> Post {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw ArchiveEntryError("id_str \"\(id)\" is not a post id")
        }
        guard let date = PostTimestamp.parse(createdAt) else {
            throw ArchiveEntryError("created_at \"\(createdAt)\" is not a date like \"Wed Oct 10 20:19:24 +0000 2018\"")
        }
        if let refusal = dates.refusal(date) { throw ArchiveEntryError("created_at \"\(createdAt)\" is \(refusal)") }
        let replyTo = inReplyToUserID.flatMap { $0.isEmpty ? nil : $0 }
        return Post(
            id: id, text: HTMLEntities.unescape(escapedText), createdAt: date,
            inReplyToUserID: replyTo,
            inReplyToScreenName: replyTo == nil ? nil : inReplyToScreenName.flatMap { $0.isEmpty ? nil : $0 },
            inReplyToPostID: replyTo == nil ? nil : inReplyToStatusID.flatMap { $0.isEmpty ? nil : $0 }
        )
    }
}
