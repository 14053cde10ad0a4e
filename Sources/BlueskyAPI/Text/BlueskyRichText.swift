import Foundation

/// Bluesky's rich text: the plain text of a post and the facets (links,
/// mentions, tags) over its UTF-8 bytes.
///
/// A post of the human's is stored and reposted as its record wrote it: the text
/// byte for byte and its facets (the app shows a link shortened,
/// `example.com/some/lo...`, and only the facet holds the full address), so
/// nothing here rewrites a stored text. `draft` is for a text that came without
/// facets (a reply picked from another source, a post stored before facets
/// were kept): it finds links, `@handle`s and `#tags` in the text as written,
/// never changing it, and measures each facet in its UTF-8 bytes. Mentions still
/// need their DIDs (`Draft.facets(dids:)`). `displayed` is how the app shows a
/// link (the fake Bluesky writes its posts that way).
public enum BlueskyRichText {
    /// A text ready to post: the display text, link and tag facets, and the mentions to resolve.
    public struct Draft: Sendable, Equatable {
        public struct Mention: Sendable, Equatable {
            public var handle: String
            public var byteStart: Int
            public var byteEnd: Int
        }

        /// What is sent: the text as given.
        public var text: String
        public var linkAndTagFacets: [BlueskyFacet]
        public var mentions: [Mention]

        /// Every facet, mentions with the DIDs found (`dids[handle]`, handles lowercased;
        /// a handle without a DID stays plain text), in text order.
        public func facets(dids: [String: String]) -> [BlueskyFacet] {
            let mentionFacets = mentions.compactMap { mention in
                dids[mention.handle.lowercased()].map {
                    BlueskyFacet(byteStart: mention.byteStart, byteEnd: mention.byteEnd, features: [.mention(did: $0)])
                }
            }
            return (linkAndTagFacets + mentionFacets).sorted { $0.index.byteStart < $1.index.byteStart }
        }
    }

    // MARK: - Writing

    /// Finds the facets of `text`, which is kept as it is (a link is not shortened:
    /// that would rewrite the human's words).
    public static func draft(_ text: String) -> Draft {
        let characters = Array(text)
        var output = ""
        var bytes = 0
        var facets: [BlueskyFacet] = []
        var mentions: [Draft.Mention] = []
        var index = 0
        func emit(_ piece: String) {
            output += piece
            bytes += piece.utf8.count
        }
        while index < characters.count {
            let boundary = index == 0 || characters[index - 1].isWhitespace
            let opener = boundary || characters[index - 1] == "("
            if opener, let (url, length) = link(at: index, in: characters) {
                let start = bytes
                emit(url)
                facets.append(BlueskyFacet(byteStart: start, byteEnd: bytes, features: [.link(uri: url)]))
                index += length
            } else if opener, let (handle, length) = mention(at: index, in: characters) {
                let start = bytes
                emit(String(characters[index..<index + length]))
                mentions.append(Draft.Mention(handle: handle, byteStart: start, byteEnd: bytes))
                index += length
            } else if boundary, let (tag, length) = hashtag(at: index, in: characters) {
                let start = bytes
                emit(String(characters[index..<index + length]))
                facets.append(BlueskyFacet(byteStart: start, byteEnd: bytes, features: [.tag(tag)]))
                index += length
            } else {
                emit(String(characters[index]))
                index += 1
            }
        }
        return Draft(text: output, linkAndTagFacets: facets, mentions: mentions)
    }

    /// `app.bsky.richtext.facet#tag`: `tag` has `maxGraphemes` 64 and `maxLength` 640 (UTF-8 bytes).
    public static let tagGraphemeLimit = 64
    public static let tagByteLimit = 640

    /// An `http(s)://` URL starting at `index`: the run of non-space characters, less
    /// trailing punctuation and an unmatched `)`.
    static func link(at index: Int, in characters: [Character]) -> (String, Int)? {
        let rest = String(characters[index..<min(characters.count, index + 8)]).lowercased()
        guard rest.hasPrefix("https://") || rest.hasPrefix("http://") else { return nil }
        var end = index
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        var candidate = Array(characters[index..<end])
        while let last = candidate.last {
            if ".,;:!?\"'。、！？」』".contains(last) {
                candidate.removeLast()
            } else if last == ")", !candidate.contains("(") {
                candidate.removeLast()
            } else {
                break
            }
        }
        let url = String(candidate)
        guard let components = URLComponents(string: url), let host = components.host, host.contains(".") else { return nil }
        return (url, candidate.count)
    }

    /// `@handle` at `index`: a domain name (letters, digits, `-`, dots; a TLD that starts with a letter).
    static func mention(at index: Int, in characters: [Character]) -> (String, Int)? {
        guard characters[index] == "@" else { return nil }
        var end = index + 1
        while end < characters.count, characters[end].isASCII, characters[end].isLetter || characters[end].isNumber || characters[end] == "." || characters[end] == "-" {
            end += 1
        }
        var handle = String(characters[(index + 1)..<end])
        while handle.hasSuffix(".") || handle.hasSuffix("-") { handle.removeLast() }
        let labels = handle.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 }),
            labels.last?.first?.isLetter == true, handle.count <= 253
        else { return nil }
        // A word character right after the handle means it was not a handle (`@a.b_c`).
        let after = index + 1 + handle.count
        if after < characters.count, characters[after] == "_" { return nil }
        return (handle, handle.count + 1)
    }

    /// `#tag` at `index`: the run of non-space characters less trailing punctuation,
    /// not only digits, within the lexicon's limits (`tagGraphemeLimit`, `tagByteLimit`).
    static func hashtag(at index: Int, in characters: [Character]) -> (String, Int)? {
        guard characters[index] == "#" || characters[index] == "＃" else { return nil }
        var end = index + 1
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        var tag = Array(characters[(index + 1)..<end])
        while let last = tag.last, last.isPunctuation { tag.removeLast() }
        guard !tag.isEmpty, tag.count <= tagGraphemeLimit, String(tag).utf8.count <= tagByteLimit, tag.first != "\u{FE0F}",
            tag.contains(where: { !$0.isNumber && !$0.isPunctuation })
        else { return nil }
        return (String(tag), tag.count + 1)
    }

    /// A URL as the app displays it: without its scheme, the path cut to 13 characters
    /// and `...` when longer than 15.
    public static func displayed(_ url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.percentEncodedHost
        else { return url }
        let port = components.port.map { ":\($0)" } ?? ""
        var path = components.percentEncodedPath == "/" ? "" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        if let fragment = components.percentEncodedFragment { path += "#" + fragment }
        // Keep the text as written where URLComponents would re-encode it.
        if let range = url.range(of: host + port) { path = String(url[range.upperBound...]) }
        if path == "/" { path = "" }
        return path.count > 15 ? host + port + String(path.prefix(13)) + "..." : host + port + path
    }
}
