import Foundation

/// Turns a post into the features the classifier counts.
///
/// Features, each at most once per post: the nouns in text order, then the
/// hashtags, then the author.
/// - **nouns**: MeCab morphemes whose part of speech is 名詞, lowercased
///   (`Swift` and `swift` are one feature; ipadic calls ASCII words 名詞,一般).
///   Dropped as noise: numbers (名詞,数), morphemes with no letter at all
///   (ipadic calls ASCII punctuation such as `.` `://` `@` `#` `(` 名詞,サ変接続),
///   a single ASCII letter (`s` of "it's"), and runs of the long-vowel mark `ー`.
///   Emoji and other symbols are 記号, so they are dropped too.
/// - **hashtags**: `#` + the tag, lowercased, as one feature (`#SwiftLang` →
///   `#swiftlang`); the tag is not split into nouns.
/// - **the author**: `@author:` + the screen name, lowercased, without a leading
///   `@` (`@author:naoty_k`). No noun can look like this, since nouns never
///   contain `@` or `:`.
///
/// Removed before tokenizing: URLs (`http://`, `https://`) and `@mentions`
/// (a reply's addressee says little about the post and would add noise such as
/// `_` and single letters). The text is NFKC-normalized first, so full-width
/// `ＳＷＩＦＴ` and `swift` are one feature. See `PostText` for the exact rules.
public struct FeatureExtractor: Sendable {
    public static let authorPrefix = "@author:"

    public let tokenizer: any Tokenizer

    public init(tokenizer: any Tokenizer) {
        self.tokenizer = tokenizer
    }

    /// The features of a post by `author` (nil or empty: no author feature).
    public func features(text: String, author: String?) -> [String] {
        let post = PostText(scanning: text)
        var features: [String] = []
        var seen: Set<String> = []
        func add(_ feature: String) {
            if seen.insert(feature).inserted { features.append(feature) }
        }
        for morpheme in tokenizer.morphemes(post.plain) where Self.isNounFeature(morpheme) {
            add(morpheme.surface.lowercased())
        }
        for tag in post.hashtags {
            add("#" + tag.lowercased())
        }
        if let name = Self.authorFeature(author) {
            add(name)
        }
        return features
    }

    /// `@author:name` for a screen name (leading `@` and surrounding spaces ignored), nil when empty.
    public static func authorFeature(_ author: String?) -> String? {
        guard var name = author?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if name.hasPrefix("@") { name.removeFirst() }
        return name.isEmpty ? nil : authorPrefix + name.lowercased()
    }

    /// A noun worth counting (see the type's documentation).
    static func isNounFeature(_ morpheme: Token) -> Bool {
        // Compared as bytes: no other sequence of scalars is canonically equivalent to 名詞 or 数
        // (no scalar but themselves decomposes to 名, 詞 or 数), so this is `==` without
        // String's normalizing comparison, which MeCab's strings always took (issue 30).
        guard morpheme.partOfSpeech.utf8.elementsEqual("名詞".utf8),
              !(morpheme.subcategory?.utf8.elementsEqual("数".utf8) ?? false) else { return false }
        let surface = morpheme.surface
        guard surface.contains(where: \.isLetter) else { return false }
        if surface.count == 1, surface.first?.isASCII == true { return false }
        if surface.allSatisfy({ $0 == "ー" || $0 == "〜" || $0 == "~" }) { return false }
        return true
    }
}
