import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a person's browser does in the sign-in tests: opens a page and reads what it shows.
enum Browser {
    /// The address printed last among `lines` that contains `marker`.
    static func page(in lines: [String], containing marker: String) -> URL? {
        lines.last { $0.contains(marker) }.flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The code Mastodon's authorize page shows (`<input class="oauth-code" value="...">`).
    static func mastodonCode(_ page: URL?) async -> String? {
        guard let page, let (data, _) = try? await URLSession.shared.data(from: page),
            let match = String(decoding: data, as: UTF8.self).firstMatch(of: /class="oauth-code"[^>]*value="([^"]+)"/)
        else { return nil }
        return String(match.1)
    }
}
