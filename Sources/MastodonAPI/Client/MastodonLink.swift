import Foundation

/// The `Link` header Mastodon pages with:
/// `<https://host/api/v1/favourites?max_id=7>; rel="next", <…?min_id=9>; rel="prev"`.
public enum MastodonLink {
    /// The query of the `next` link, when it points at `base`'s host (the token
    /// is never sent elsewhere); nil when there is no next page.
    public static func nextQuery(in header: String, base: URL) -> [(name: String, value: String)]? {
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = fields.first, target.hasPrefix("<"), target.hasSuffix(">"),
                fields.dropFirst().contains(where: { $0.replacingOccurrences(of: "\"", with: "") == "rel=next" }),
                let components = URLComponents(string: String(target.dropFirst().dropLast()))
            else { continue }
            if let host = components.host, host.lowercased() != base.host?.lowercased() { return nil }
            let query = components.percentEncodedQuery ?? ""
            return query.split(separator: "&").map { pair in
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (MastodonPercentEncoding.decode(String(halves[0])), halves.count > 1 ? MastodonPercentEncoding.decode(String(halves[1])) : "")
            }
        }
        return nil
    }
}
