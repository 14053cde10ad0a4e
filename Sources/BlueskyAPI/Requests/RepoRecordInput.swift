/// The JSON input of the `com.atproto.repo` writes: the record's address (`repo`, `collection`,
/// `rkey`) and, for `createRecord`, the record itself (nil: left out).
struct RepoRecordInput<Record: Encodable>: Encodable {
    var repo: String
    var collection: String
    var rkey: String
    var record: Record?

    init(_ uri: ATURI, record: Record?) {
        repo = uri.authority
        collection = uri.collection
        rkey = uri.rkey
        self.record = record
    }
}
