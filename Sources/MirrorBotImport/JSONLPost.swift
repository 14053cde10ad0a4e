import MirrorBot

/// One JSONL line.
struct JSONLPost: Decodable {
    var id: String
    var text: String
    var createdAt: String
    var inReplyToUserID: String?
    var inReplyToScreenName: String?
    /// Optional: the id of the post a reply answers, in the form of the network the bot runs on
    /// (its time is read from the id: the human's reply delays).
    var inReplyToPostID: String?

    private enum Field: String, CodingKey {
        case id, text, createdAt = "created_at"
        case inReplyToUserID = "in_reply_to_user_id", inReplyToScreenName = "in_reply_to_screen_name"
        case inReplyToPostID = "in_reply_to_post_id"
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        id = try Self.identifier(fields, .id) ?? { throw DecodingError.keyNotFound(Field.id, .init(codingPath: [], debugDescription: "")) }()
        text = try fields.decode(String.self, forKey: .text)
        createdAt = try fields.decode(String.self, forKey: .createdAt)
        inReplyToUserID = try Self.identifier(fields, .inReplyToUserID)
        inReplyToScreenName = try fields.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        inReplyToPostID = try Self.identifier(fields, .inReplyToPostID)
    }

    /// A string, or a whole number written without quotes.
    private static func identifier(_ fields: KeyedDecodingContainer<Field>, _ key: Field) throws -> String? {
        if let number = try? fields.decodeIfPresent(UInt64.self, forKey: key) { return String(number) }
        return try fields.decodeIfPresent(String.self, forKey: key)
    }

    /// The post to store; throws an `ArchiveEntryError` saying what is wrong with the line
    /// (a date outside `dates` included).
    func post(dates: PlausibleDates) throws -> Post {
        guard !id.isEmpty else { throw ArchiveEntryError("\"id\" is empty") }
        guard let date = PostTimestamp.parse(createdAt) else {
            throw ArchiveEntryError("created_at \"\(createdAt)\" is not an ISO 8601 date like \"2024-05-01T10:00:00Z\"")
        }
        if let refusal = dates.refusal(date) { throw ArchiveEntryError("created_at \"\(createdAt)\" is \(refusal)") }
        let replyTo = inReplyToUserID.flatMap { $0.isEmpty ? nil : $0 }
        return Post(
            id: id, text: text, createdAt: date, inReplyToUserID: replyTo,
            inReplyToScreenName: replyTo == nil ? nil : inReplyToScreenName,
            inReplyToPostID: replyTo == nil ? nil : inReplyToPostID.flatMap { $0.isEmpty ? nil : $0 }
        )
    }
}
