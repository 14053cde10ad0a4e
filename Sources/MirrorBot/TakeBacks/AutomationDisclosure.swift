import Foundation

/// Whether a profile bio says the account is automated, as X's guidelines for automated
/// accounts ask (the "Automated" label is set in X's settings and is not visible through the
/// API; the bio is). Words are matched case- and width-folded: `bot` as a word (`bot`,
/// `#bot`, `bot account`, `a mirror bot`; not `bottle`), `automated`, `automation`, and
/// Japanese `ボット`, `自動`.
public enum AutomationDisclosure {
    public static func says(_ description: String) -> Bool {
        let folded = description.applyingTransform(.fullwidthToHalfwidth, reverse: false)?.lowercased() ?? description.lowercased()
        // Folding turns katakana half-width too: the Japanese words are looked for as written.
        if ["automated", "automation"].contains(where: folded.contains) || ["ボット", "自動"].contains(where: description.contains) {
            return true
        }
        // `bot` as a word: not inside another Latin word.
        let words = folded.split { !($0.isLetter && $0.isASCII) }
        return words.contains("bot") || words.contains("bots")
    }
}
