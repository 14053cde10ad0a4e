/// A record's own labels (`com.atproto.label.defs#selfLabels`): at most 10 values, each a
/// `val` of at most 128 bytes. On a post, Bluesky's content labels (`graphic-media`,
/// `nudity`, `sexual`, `porn`) mark it sensitive.
public struct BlueskySelfLabels: Sendable, Codable, Equatable {
    public static let type = "com.atproto.label.defs#selfLabels"
    public static let maxValues = 10
    public static let maxValueBytes = 128

    public struct Value: Sendable, Codable, Equatable {
        public var val: String

        public init(val: String) { self.val = val }
    }

    public var values: [Value]

    public init(_ values: [String]) {
        self.values = values.map(Value.init)
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case values
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        values = try container.decode([Value].self, forKey: .values)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encode(values, forKey: .values)
    }

    /// The values as written.
    public var vals: [String] { values.map(\.val) }
}
