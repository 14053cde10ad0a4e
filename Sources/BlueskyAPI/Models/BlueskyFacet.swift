/// `app.bsky.richtext.facet`: a range of the text, in UTF-8 bytes (end exclusive),
/// and what it is: a link, a mention or a tag.
public struct BlueskyFacet: Sendable, Codable, Equatable {
    public struct ByteSlice: Sendable, Codable, Equatable {
        public var byteStart: Int
        public var byteEnd: Int
    }

    public enum Feature: Sendable, Equatable, Codable {
        case link(uri: String)
        case mention(did: String)
        case tag(String)
        /// A feature this build does not know (kept so decoding never fails).
        case other(type: String)

        public static let linkType = "app.bsky.richtext.facet#link"
        public static let mentionType = "app.bsky.richtext.facet#mention"
        public static let tagType = "app.bsky.richtext.facet#tag"

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case uri, did, tag
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = (try? container.decode(String.self, forKey: .type)) ?? ""
            switch type {
            case Self.linkType: self = .link(uri: (try? container.decode(String.self, forKey: .uri)) ?? "")
            case Self.mentionType: self = .mention(did: (try? container.decode(String.self, forKey: .did)) ?? "")
            case Self.tagType: self = .tag((try? container.decode(String.self, forKey: .tag)) ?? "")
            default: self = .other(type: type)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .link(let uri):
                try container.encode(Self.linkType, forKey: .type)
                try container.encode(uri, forKey: .uri)
            case .mention(let did):
                try container.encode(Self.mentionType, forKey: .type)
                try container.encode(did, forKey: .did)
            case .tag(let tag):
                try container.encode(Self.tagType, forKey: .type)
                try container.encode(tag, forKey: .tag)
            case .other(let type):
                try container.encode(type, forKey: .type)
            }
        }
    }

    public var index: ByteSlice
    public var features: [Feature]

    public init(byteStart: Int, byteEnd: Int, features: [Feature]) {
        self.index = ByteSlice(byteStart: byteStart, byteEnd: byteEnd)
        self.features = features
    }

    enum CodingKeys: String, CodingKey { case index, features }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(ByteSlice.self, forKey: .index)
        features = (try? container.decode([Feature].self, forKey: .features)) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(features, forKey: .features)
    }
}
