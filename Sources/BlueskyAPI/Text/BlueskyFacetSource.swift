import Foundation

/// A stored post's text and the facets its record had (byte ranges into that text).
public struct BlueskyStoredText: Sendable, Equatable {
    public var text: String
    public var facets: [BlueskyFacet]

    public init(text: String, facets: [BlueskyFacet]) {
        self.text = text
        self.facets = facets
    }

    /// `facets` as stored with a post (`Post.facets`): JSON, nil when there are none.
    public static func json(_ facets: [BlueskyFacet]?) -> String? {
        guard let facets, !facets.isEmpty, let data = try? JSONEncoder().encode(facets) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Facets read back from that JSON; a facet that does not decode is left out.
    public static func facets(json: String) -> [BlueskyFacet] {
        struct Lossy: Decodable {
            var facet: BlueskyFacet?
            init(from decoder: any Decoder) throws { facet = try? BlueskyFacet(from: decoder) }
        }
        return ((try? JSONDecoder().decode([Lossy].self, from: Data(json.utf8))) ?? []).compactMap(\.facet)
    }

    /// The facets of `sent`, a text taken from this stored one: the whole text
    /// (byte for byte), or a part of it (a reply without its leading `@names`),
    /// the facets inside that part shifted to its bytes and the others left out.
    /// Nil when `sent` is not in the stored text.
    public func facets(of sent: String) -> [BlueskyFacet]? {
        let whole = Array(text.utf8), part = Array(sent.utf8)
        guard !part.isEmpty, part.count <= whole.count else { return nil }
        if whole == part { return facets }
        // The last occurrence: what is cut from a reply is at its start.
        var start = whole.count - part.count
        while start >= 0, !whole[start..<(start + part.count)].elementsEqual(part) { start -= 1 }
        guard start >= 0 else { return nil }
        let end = start + part.count
        return facets.compactMap { facet in
            guard facet.index.byteStart >= start, facet.index.byteEnd <= end else { return nil }
            return BlueskyFacet(byteStart: facet.index.byteStart - start, byteEnd: facet.index.byteEnd - start, features: facet.features)
        }
    }
}

/// Where the Bluesky network finds the facets of a text it is about to send:
/// the human's stored posts (`posts.facets`).
public protocol BlueskyFacetSource: Sendable {
    /// Stored posts with facets whose text contains `text` (byte for byte), the
    /// ones whose text is exactly `text` first, then the newest; at most `limit`.
    func storedTexts(containing text: String, limit: Int) async throws -> [BlueskyStoredText]
}
