import Foundation

extension PostMedia {
    /// A post's media as the compact JSON array stored with it (`posts.media`).
    public static func json(_ media: [PostMedia]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(media) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The media stored as `json`; an item that cannot be read is left out, never the post.
    public static func decoded(_ json: String?) -> [PostMedia] {
        guard let json, let items = try? JSONDecoder().decode([Lenient].self, from: Data(json.utf8)) else { return [] }
        return items.compactMap(\.media)
    }

    private struct Lenient: Decodable {
        var media: PostMedia?
        init(from decoder: any Decoder) throws { media = try? PostMedia(from: decoder) }
    }
}

extension Post {
    /// What the bot's texts (`BotTextStore`) know this post by when it goes out: its text, or
    /// for pictures alone (no text) a key of its own, so one picture-only post posted or refused
    /// is not every other one. The picker's SQL computes the same (`PostgresScheduleStore`).
    public var textKey: String { text.isEmpty && !media.isEmpty ? Self.picturesKey(id) : text }

    static func picturesKey(_ id: String) -> String { "[pictures of \(id)]" }
}
