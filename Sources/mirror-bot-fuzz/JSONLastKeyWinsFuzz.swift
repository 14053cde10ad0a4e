import Foundation
import MirrorBot
import MirrorBotImport

extension FuzzTarget {
    /// `JSONLastKeyWins.keepingLast` on any bytes. Blanking never changes the length,
    /// never makes a text JSON that was not (or the reverse), and leaves what
    /// `JSONSerialization` reads (which keeps the last of a repeated key on Linux)
    /// unchanged; a second pass finds nothing more to blank.
    static let jsonLastKey = FuzzTarget(name: "json-last-key", about: "JSONLastKeyWins: repeated keys, the last value kept") { bytes in
        let input = Data(bytes)
        let output = JSONLastKeyWins.keepingLast(input)
        fuzzCheck(output.count == input.count, "the length changed: \(input.count) -> \(output.count)")
        guard output != input else { return }
        fuzzCheck(JSONLastKeyWins.repeatedMembers(in: output) == 0, "a second pass still finds repeated keys")
        let before = try? JSONSerialization.jsonObject(with: input, options: [.fragmentsAllowed])
        let after = try? JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])
        fuzzCheck((before == nil) == (after == nil), "blanking changed whether the text is JSON")
        if let before, let after {
            // Compared as Swift strings: a key kept may be spelt in another canonically equivalent form ("e\u{301}", "\u{e9}").
            let canonical = { (value: Any) in
                (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])).map { String(decoding: $0, as: UTF8.self) }
            }
            fuzzCheck(canonical(before) == canonical(after), "blanking changed the value JSONSerialization reads")
        }
    }
}
