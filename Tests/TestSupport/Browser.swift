import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a person's browser does in the sign-in tests: opens a page and reads what it shows.
public enum Browser {
    /// The address printed last among `lines` that contains `marker`.
    public static func page(in lines: [String], containing marker: String) -> URL? {
        lines.last { $0.contains(marker) }.flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The address shown last on a terminal's `screen` that contains `marker`.
    public static func page(on screen: String, containing marker: String) -> URL? {
        page(in: screen.split(whereSeparator: \.isNewline).map(String.init), containing: marker)
    }

    /// Opens `page` (Misskey's MiAuth page, opened by a signed-in browser, presses Allow); whether it answered.
    public static func open(_ page: URL?, cookie: String? = nil) async -> Bool {
        await text(of: page, cookie: cookie) != nil
    }

    /// What `page` shows a browser sending `cookie` (a fake's sign-in cookie, `name=value`); nil when it did not answer.
    public static func text(of page: URL?, cookie: String? = nil) async -> String? {
        guard let page else { return nil }
        var request = URLRequest(url: page)
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        guard let (data, _) = try? await URLSession.shared.data(for: request) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The code Mastodon's authorize page shows (`<input class="oauth-code" value="...">`).
    public static func mastodonCode(_ page: URL?) async -> String? {
        guard let match = await text(of: page)?.firstMatch(of: /class="oauth-code"[^>]*value="([^"]+)"/) else { return nil }
        return String(match.1)
    }

    /// The PIN X's authorize page shows (`<code>1234567</code>`).
    public static func xPIN(_ page: URL?, cookie: String? = nil) async -> String? {
        guard let match = await text(of: page, cookie: cookie)?.firstMatch(of: /<code>([0-9]+)<\/code>/) else { return nil }
        return String(match.1)
    }
}
