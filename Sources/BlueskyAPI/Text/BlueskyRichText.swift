import Foundation

/// Bluesky's rich text: the plain text of a post and the facets (links,
/// mentions, tags) over its UTF-8 bytes.
///
/// mirror-bot hands the core plain text and gets plain text back, so the facets
/// are turned into text and back again: `expandedText` writes each link facet's
/// full URL where the app showed it shortened (`example.com/some/lo...`), and
/// `draft` finds links, `@handle`s and `#tags` in a text to post, shortens long
/// links for display as the app does, and measures every facet in the bytes of
/// the text actually sent. Mentions still need their DIDs (`Draft.facets(dids:)`).
public enum BlueskyRichText {
    /// A text ready to post: the display text, link and tag facets, and the mentions to resolve.
    public struct Draft: Sendable, Equatable {
        public struct Mention: Sendable, Equatable {
            public var handle: String
            public var byteStart: Int
            public var byteEnd: Int
        }

        /// What is sent: long links shortened for display.
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

    // MARK: - Reading

    /// `text` with each link facet's full URL in place of the shortened form the app
    /// displays. A link whose text is not an abbreviation of its URL ("click here")
    /// keeps its text; facets with ranges that do not fit the text are ignored.
    public static func expandedText(_ text: String, facets: [BlueskyFacet]?) -> String {
        let bytes = Array(text.utf8)
        let links = (facets ?? []).compactMap { facet -> (Range<Int>, String)? in
            guard let uri = facet.features.lazy.compactMap({ feature -> String? in
                if case .link(let uri) = feature { return uri } else { return nil }
            }).first else { return nil }
            let start = facet.index.byteStart, end = facet.index.byteEnd
            guard start >= 0, start < end, end <= bytes.count else { return nil }
            return (start..<end, uri)
        }.sorted { $0.0.lowerBound < $1.0.lowerBound }
        var output: [UInt8] = []
        var position = 0
        for (range, uri) in links where range.lowerBound >= position {
            guard let shown = String(validating: bytes[range], as: UTF8.self), isAbbreviation(shown, of: uri) else { continue }
            output += bytes[position..<range.lowerBound]
            output += Array(uri.utf8)
            position = range.upperBound
        }
        output += bytes[position...]
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `shown` is `uri` as the app displays it: the URL itself, or without
    /// its scheme, perhaps cut short with `...` / `…`.
    static func isAbbreviation(_ shown: String, of uri: String) -> Bool {
        if shown == uri { return false }
        var stem = Substring(shown)
        var cut = false
        for ellipsis in ["...", "…"] where stem.hasSuffix(ellipsis) {
            stem = stem.dropLast(ellipsis.count)
            cut = true
        }
        guard !stem.isEmpty else { return false }
        let bare = uri.replacingOccurrences(of: "^https?://", with: "", options: .regularExpression)
        return cut ? (bare.hasPrefix(stem) || uri.hasPrefix(stem)) : (bare == stem || bare == stem + "/")
    }

    // MARK: - Writing

    /// Finds the facets of `text`; long links are shortened for display.
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
                let shown = displayed(url)
                let start = bytes
                emit(shown)
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
    /// not only digits, at most 64 characters.
    static func hashtag(at index: Int, in characters: [Character]) -> (String, Int)? {
        guard characters[index] == "#" || characters[index] == "＃" else { return nil }
        var end = index + 1
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        var tag = Array(characters[(index + 1)..<end])
        while let last = tag.last, last.isPunctuation { tag.removeLast() }
        guard !tag.isEmpty, tag.count <= 64, tag.first != "\u{FE0F}",
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
