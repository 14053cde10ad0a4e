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
            fuzzCheck(sameJSON(before, after), "blanking changed the value JSONSerialization reads")
        }
    }

    /// Two values `JSONSerialization` read, compared member by member: keys as Swift strings (so a key kept
    /// may be spelt in another canonically equivalent form, "e\u{301}" or "\u{e9}"), numbers as `NSNumber`s.
    /// Not through `.sortedKeys`: the order it gives some keys ("aé" and "ǺÅ") follows the order it met them in.
    static func sameJSON(_ left: Any, _ right: Any) -> Bool {
        switch (left, right) {
        case let (left as [String: Any], right as [String: Any]):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { sameJSON(value, $0) } ?? false }
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { sameJSON($0, $1) }
        case let (left as String, right as String):
            return left == right
        case (is NSNull, is NSNull):
            return true
        case let (left as NSNumber, right as NSNumber):
            return left == right
        default:
            return false
        }
    }
}
