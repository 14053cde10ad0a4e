/// A blob reference (the lexicon `blob` type): `{"$type": "blob", "ref": {"$link": CID},
/// "mimeType", "size"}`, as `uploadBlob` returns it and a record carries it. Records written
/// before blobs had a `$type` carry `{"cid", "mimeType"}` (the legacy form, no size): read too,
/// never written.
public struct BlueskyBlob: Sendable, Codable, Equatable, Hashable {
    /// The blob's CID (raw codec, sha-256), e.g. `bafkrei…`.
    public var cid: String
    public var mimeType: String
    /// Bytes; nil in the legacy form.
    public var size: Int?

    public init(cid: String, mimeType: String, size: Int?) {
        self.cid = cid
        self.mimeType = mimeType
        self.size = size
    }

    struct Link: Codable, Hashable {
        var link: String
        enum CodingKeys: String, CodingKey { case link = "$link" }
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case ref, mimeType, size, cid
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decode(String.self, forKey: .mimeType)
        if let ref = try container.decodeIfPresent(Link.self, forKey: .ref) {
            cid = ref.link
            size = try container.decodeIfPresent(Int.self, forKey: .size)
        } else {
            cid = try container.decode(String.self, forKey: .cid)
            size = nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("blob", forKey: .type)
        try container.encode(Link(link: cid), forKey: .ref)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(size ?? 0, forKey: .size)
    }
}
