/// One morpheme as MeCab segments it.
public struct Morpheme: Sendable, Hashable {
    /// The text as it appears in the input.
    public var surface: String
    /// MeCab's full feature CSV, e.g. `名詞,一般,*,*,*,*,猫,ネコ,ネコ` with ipadic.
    public var feature: String

    public init(surface: String, feature: String) {
        self.surface = surface
        self.feature = feature
    }

    /// The feature's fields, split on commas.
    public var features: [String] {
        feature.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The first field: the part of speech (名詞, 動詞, 助詞, 記号, ...).
    public var partOfSpeech: String {
        String(feature.prefix { $0 != "," })
    }

    /// The second field: the part of speech's subcategory (一般, 固有名詞, 数, ...), if any.
    public var subcategory: String? {
        let fields = features
        return fields.count > 1 ? fields[1] : nil
    }
}
