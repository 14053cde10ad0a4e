import Foundation

/// Turns one of the human's past replies into the bot's reply text.
public enum ReplyText {
    /// Drops the leading `@name` mentions: the network threads the reply under
    /// the mention it answers, and the human's old reply may have named others
    /// who must not be pinged by the bot. A name is X's `@alice`, Mastodon's
    /// `@bob@other.host` or Bluesky's `@carol.bsky.social` (dots, hyphens and `@`
    /// inside it). Nil when nothing is left. Names inside the body stay: `bodies(of:answering:)`
    /// leaves out a body that names anyone but the person answered.
    public static func body(of text: String) -> String? {
        var rest = Substring(text)
        while true {
            let trimmed = rest.drop { $0 == " " || $0 == "\u{3000}" || $0 == "\n" }
            guard let first = trimmed.first, first == "@" || first == "＠" else {
                rest = trimmed
                break
            }
            let name = Self.mentionName(trimmed.dropFirst())
            guard !name.isEmpty else {
                rest = trimmed
                break
            }
            rest = trimmed.dropFirst(1 + name.count)
        }
        let body = String(rest).trimmingCharacters(in: .whitespacesAndNewlines)
        return body.isEmpty ? nil : body
    }

    /// The reply bodies of the human's past replies `posts`, for answering `author` (the
    /// mention's author, as the network names them): a body that names anyone else (`thanks,
    /// and @bob too`) is never used, as the bot would ping @bob, whom nobody asked (X's rules
    /// for automated accounts forbid unsolicited mentions; no one wants them). Bodies naming no
    /// one come first, then those naming only `author`; `namingOthers` counts those left out.
    public static func bodies(of posts: [Post], answering author: String?) -> (usable: [(id: String, body: String)], namingOthers: Int) {
        var plain: [(id: String, body: String)] = []
        var namingAuthor: [(id: String, body: String)] = []
        var namingOthers = 0
        for post in posts {
            guard let body = body(of: post.text) else { continue }
            let names = mentionedNames(in: body)
            if names.isEmpty {
                plain.append((post.id, body))
            } else if let author, names.allSatisfy({ isSameAccount($0, author) }) {
                namingAuthor.append((post.id, body))
            } else {
                namingOthers += 1
            }
        }
        return (plain + namingAuthor, namingOthers)
    }

    /// The names `text` mentions: `@` or `＠` not after a letter, digit or `_` (an e-mail
    /// address is no mention), then a name (`mentionName`).
    public static func mentionedNames(in text: String) -> [Substring] {
        var names: [Substring] = []
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            let after = text.index(after: index)
            if character == "@" || character == "＠", !(previous.map(isWord) ?? false) {
                let name = mentionName(text[after...])
                if !name.isEmpty {
                    names.append(name)
                    previous = name.last
                    index = name.endIndex
                    continue
                }
            }
            previous = character
            index = after
        }
        return names
    }

    /// Whether `name` (as written after `@`) is `account`: equal ignoring case, or the same
    /// user part when one of them has no host (Mastodon's and Misskey's local names).
    static func isSameAccount(_ name: Substring, _ account: String) -> Bool {
        let name = name.lowercased(), account = account.lowercased().drop { $0 == "@" }
        if name == account { return true }
        let nameParts = name.split(separator: "@", maxSplits: 1), accountParts = account.split(separator: "@", maxSplits: 1)
        return (nameParts.count == 1 || accountParts.count == 1) && nameParts.first == accountParts.first
    }

    static func isWord(_ character: Character) -> Bool { character.isASCII && (character.isLetter || character.isNumber || character == "_") }

    /// The name at the start of `text`: word characters, and `.`, `-` or `@` between them.
    static func mentionName(_ text: Substring) -> Substring {
        var end = text.startIndex
        while end < text.endIndex {
            if isWord(text[end]) {
                end = text.index(after: end)
            } else if end > text.startIndex, ".-@".contains(text[end]), text.index(after: end) < text.endIndex, isWord(text[text.index(after: end)]) {
                end = text.index(after: end)
            } else {
                break
            }
        }
        return text[..<end]
    }
}
