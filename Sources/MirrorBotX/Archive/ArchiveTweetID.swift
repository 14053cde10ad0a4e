/// The id of one entry of `deleted-tweets.js` (a `tweets.js` entry with `deleted_at`):
/// what the import needs to keep a deleted post out, wherever else it appears.
struct ArchiveTweetID: Decodable {
    var id: String

    private enum Wrapper: String, CodingKey { case tweet }
    private enum Field: String, CodingKey { case id, idStr = "id_str" }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.archiveEntry(wrappedIn: Wrapper.tweet, keyedBy: Field.self)
        id = try fields.decodeIfPresent(String.self, forKey: .idStr) ?? fields.decode(String.self, forKey: .id)
    }
}
