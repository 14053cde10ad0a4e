import Foundation

/// Whether a profile says "no bots": `#nobot`, `#nobots`, `#noai` or `#nobotsplease` as a
/// hashtag of its own (case and width folded: `＃ＮｏＢｏｔ` counts; `#nobotanist` does not).
public enum NoBotTag {
    public static let tags = ["nobot", "nobots", "noai", "nobotsplease"]

    public static func says(_ description: String) -> Bool {
        let folded = description.applyingTransform(.fullwidthToHalfwidth, reverse: false)?.lowercased() ?? description.lowercased()
        var rest = folded[...]
        while let hash = rest.firstIndex(of: "#") {
            let word = rest[rest.index(after: hash)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if tags.contains(String(word)) { return true }
            rest = rest[rest.index(after: hash)...]
        }
        return false
    }
}
