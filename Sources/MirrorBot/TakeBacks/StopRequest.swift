import Foundation

/// Whether a mention asks the bot to stop: X's automation rules ask bots to stop when a
/// person says "stop"; people also write "unsubscribe", "leave me alone", "やめて", "止めて".
///
/// The text is folded first (Unicode compatibility: full-width letters and half-width kana
/// become ordinary ones; then lower case), `@name`s and URLs are left out. English phrases
/// match as whole words, Japanese ones anywhere. It errs toward leaving people alone: "don't
/// stop" opts its author out too, and an operator can take them off the list
/// (`mirror-bot optout remove`).
public enum StopRequest {
    /// Whole words or phrases (after folding).
    static let englishPhrases = [
        "stop", "unsubscribe", "leave me alone", "go away", "opt out", "opt-out", "optout", "stop replying", "do not reply",
        "don't reply", "dont reply", "no bots", "shut up",
    ]
    /// Anywhere in the text (after folding).
    static let japanesePhrases = [
        "やめて", "止めて", "辞めて", "やめろ", "止めろ", "やめてください", "ストップ", "配信停止", "停止して", "絡まないで",
        "関わらないで", "話しかけないで", "リプしないで", "リプライしないで", "来ないで",
    ]

    /// Whether `text` asks the bot to stop.
    public static func asks(_ text: String) -> Bool {
        let folded = fold(text)
        if japanesePhrases.contains(where: { folded.contains($0) }) { return true }
        let words = folded.split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’" || $0 == "-") }
            .map { $0.replacingOccurrences(of: "’", with: "'") }
        return englishPhrases.contains { phrase in
            let target = phrase.split(separator: " ").map(String.init)
            guard target.count <= words.count else { return false }
            return (0...(words.count - target.count)).contains { start in Array(words[start..<start + target.count]) == target }
        }
    }

    /// Compatibility-folded, lower-cased, without `@name`s and URLs.
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased()
            .split(whereSeparator: \.isWhitespace)
            .filter { !$0.hasPrefix("@") && !$0.hasPrefix("http://") && !$0.hasPrefix("https://") }
            .joined(separator: " ")
    }
}
