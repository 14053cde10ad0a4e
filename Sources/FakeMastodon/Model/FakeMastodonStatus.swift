import Foundation
import MastodonAPI

/// A status in the fake world, kept as plain text and rendered to Mastodon's HTML when served.
public struct FakeMastodonStatus: Sendable, Equatable {
    public var id: String
    public var accountID: String
    public var text: String
    public var createdAt: Date
    public var inReplyToID: String?
    public var inReplyToAccountID: String?
    public var visibility: String
    public var reblogOfID: String?
    /// Account ids of the `@name`s in the text (local accounts only).
    public var mentionedIDs: [String]
    /// The content warning, empty when none.
    public var spoilerText = ""
    /// Marked sensitive (Mastodon marks every status with a warning so).
    public var sensitive = false
    /// Its media attachments' ids, in the order shown.
    public var mediaIDs: [String] = []

    /// The id as a number, for ordering and `since_id`.
    var number: UInt64 { UInt64(id) ?? 0 }

    /// The `@name`s of `text` (letters, digits, `_`).
    static func mentionedNames(in text: String) -> [String] {
        var names: [String] = []
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "@", !(previous.isLetter || previous.isNumber || previous == "_") {
                let rest = text[text.index(after: index)...]
                let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                if !name.isEmpty { names.append(String(name)) }
            }
            previous = text[index]
            index = text.index(after: index)
        }
        return names
    }
}
