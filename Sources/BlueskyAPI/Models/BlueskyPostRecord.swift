/// An `app.bsky.feed.post` record: the text, when it was written, its facets and what it answers.
///
/// Decoding is lenient (a missing text is empty, malformed facets are dropped),
/// so one odd record never fails a whole page.
public struct BlueskyPostRecord: Sendable, Codable, Equatable {
    public static let type = "app.bsky.feed.post"

    public var text: String
    /// As written by the client, e.g. `2024-11-01T12:00:00.123Z`; see `BlueskyTimestamp`.
    public var createdAt: String
    public var facets: [BlueskyFacet]?
    public var reply: BlueskyReplyRef?
    public var langs: [String]?
    /// The author's own labels on the post (`nudity`, `graphic-media`, …); nil when none.
    public var labels: BlueskySelfLabels?
    /// Its pictures (`app.bsky.embed.images`, or the media of `recordWithMedia`) or video; nil when none.
    public var embed: BlueskyEmbed?

    public init(
        text: String, createdAt: String, facets: [BlueskyFacet]? = nil, reply: BlueskyReplyRef? = nil, langs: [String]? = nil,
        labels: BlueskySelfLabels? = nil, embed: BlueskyEmbed? = nil
    ) {
        self.text = text
        self.createdAt = createdAt
        self.facets = facets
        self.reply = reply
        self.langs = langs
        self.labels = labels
        self.embed = embed
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case text, createdAt, facets, reply, langs, labels, embed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = (try? container.decode(String.self, forKey: .text)) ?? ""
        createdAt = (try? container.decode(String.self, forKey: .createdAt)) ?? ""
        facets = try? container.decode([LossyFacet].self, forKey: .facets).compactMap(\.facet)
        reply = try? container.decode(BlueskyReplyRef.self, forKey: .reply)
        langs = try? container.decode([String].self, forKey: .langs)
        labels = try? container.decode(BlueskySelfLabels.self, forKey: .labels)
        embed = try? container.decode(BlueskyEmbed.self, forKey: .embed)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encode(text, forKey: .text)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(facets.flatMap { $0.isEmpty ? nil : $0 }, forKey: .facets)
        try container.encodeIfPresent(reply, forKey: .reply)
        try container.encodeIfPresent(langs, forKey: .langs)
        try container.encodeIfPresent(labels.flatMap { $0.values.isEmpty ? nil : $0 }, forKey: .labels)
        try container.encodeIfPresent(embed.flatMap { $0.images.isEmpty ? nil : $0 }, forKey: .embed)
    }

    /// A facet, or nil when it would not decode.
    struct LossyFacet: Decodable {
        var facet: BlueskyFacet?
        init(from decoder: any Decoder) throws { facet = try? BlueskyFacet(from: decoder) }
    }
}
