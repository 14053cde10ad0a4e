import FakeHTTP
import Foundation
import MastodonAPI

extension FakeMastodonWorld {
    /// `GET /api/v1/accounts/:id/statuses`: newest first, `exclude_reblogs`, `since_id`/`max_id`, limit 20 (max 40).
    func accountStatuses(_ accountID: String, request: HTTPRequest) -> HTTPResponse {
        guard accounts[accountID] != nil else { return Self.error(404, "Record not found") }
        let excludeReblogs = request.queryValue("exclude_reblogs") == "true"
        let all = statuses.values.filter { $0.accountID == accountID && !(excludeReblogs && $0.reblogOfID != nil) }
        return statusPage(all, request: request, defaultLimit: 20, maxLimit: 40)
    }

    /// `GET /api/v1/timelines/home`: the account's and its followees' statuses, boosts included.
    func homeTimeline(of accountID: String, request: HTTPRequest) -> HTTPResponse {
        let authors = (follows[accountID] ?? []).union([accountID])
        return statusPage(statuses.values.filter { authors.contains($0.accountID) }, request: request, defaultLimit: 20, maxLimit: 40)
    }

    /// `GET /api/v1/favourites`: most recently favourited first; paged only by the
    /// `Link` header, whose `max_id` is a favourite record id, not a status id.
    func favouritesList(of accountID: String, request: HTTPRequest) -> HTTPResponse {
        var records = favourites.filter { $0.accountID == accountID }.sorted { $0.id > $1.id }
        if let maxID = request.queryValue("max_id").flatMap({ Int($0) }) { records = records.filter { $0.id < maxID } }
        let limit = Self.limit(request, defaultLimit: 20, maxLimit: 40)
        let page = Array(records.prefix(limit))
        let next = page.count == limit ? page.last.map { "max_id=\($0.id)" } : nil
        return self.page(page.compactMap { statuses[$0.statusID] }, path: request.path, next: next, request: request)
    }

    /// `GET /api/v1/notifications?types[]=mention`: notification ids for paging.
    func mentions(of accountID: String, request: HTTPRequest) -> HTTPResponse {
        let types = request.query.filter { $0.name == "types[]" }.map(\.value)
        guard types.isEmpty || types.contains("mention") else { return .json(200, [MastodonNotification]()) }
        var records = notifications.filter { $0.accountID == accountID }.sorted { $0.id > $1.id }
        if let since = request.queryValue("since_id").flatMap({ Int($0) }) { records = records.filter { $0.id > since } }
        if let maxID = request.queryValue("max_id").flatMap({ Int($0) }) { records = records.filter { $0.id < maxID } }
        let limit = Self.limit(request, defaultLimit: 40, maxLimit: 80)
        let page = Array(records.prefix(limit))
        let items = page.compactMap { record -> MastodonNotification? in
            guard let status = statuses[record.statusID], let api = api(status), let author = accounts[status.accountID] else { return nil }
            return MastodonNotification(id: String(record.id), type: "mention", createdAt: api.createdAt, account: author, status: api)
        }
        let next = page.count == limit ? page.last.map { "max_id=\($0.id)" } : nil
        return self.page(items, path: request.path, next: next, request: request)
    }

    private func statusPage(_ all: [FakeMastodonStatus], request: HTTPRequest, defaultLimit: Int, maxLimit: Int) -> HTTPResponse {
        var list = all.sorted { $0.number > $1.number }
        if let since = request.queryValue("since_id").flatMap({ UInt64($0) }) { list = list.filter { $0.number > since } }
        if let maxID = request.queryValue("max_id").flatMap({ UInt64($0) }) { list = list.filter { $0.number < maxID } }
        let limit = Self.limit(request, defaultLimit: defaultLimit, maxLimit: maxLimit)
        let page = Array(list.prefix(limit))
        let next = page.count == limit ? page.last.map { "max_id=\($0.id)" } : nil
        return self.page(page, path: request.path, next: next, request: request)
    }

    private func page(_ items: [FakeMastodonStatus], path: String, next: String?, request: HTTPRequest) -> HTTPResponse {
        page(items.compactMap(api), path: path, next: next, request: request)
    }

    /// A JSON array with Mastodon's `Link` header (next keeps the fixed parameters, drops `since_id`).
    private func page(_ items: [some Encodable], path: String, next: String?, request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse.json(200, items)
        if let next {
            let kept = request.query.filter { !["max_id", "since_id", "min_id"].contains($0.name) }
                .map { MastodonPercentEncoding.encode($0.name) + "=" + MastodonPercentEncoding.encode($0.value) }
            let query = (kept + [next]).joined(separator: "&")
            response.headers.append(("Link", "<\(baseURL)\(path)?\(query)>; rel=\"next\""))
        }
        return response
    }

    static func limit(_ request: HTTPRequest, defaultLimit: Int, maxLimit: Int) -> Int {
        guard let value = request.queryValue("limit").flatMap({ Int($0) }) else { return defaultLimit }
        return min(max(value, 1), maxLimit)
    }

    /// The API shape of a stored status, its HTML rendered from the text.
    func api(_ status: FakeMastodonStatus) -> MastodonStatus? {
        guard let account = accounts[status.accountID] else { return nil }
        var reblog: MastodonStatus.Reblogged?
        if let original = status.reblogOfID.flatMap({ statuses[$0] }), let author = accounts[original.accountID] {
            reblog = .init(id: original.id, content: FakeMastodonHTMLRenderer.render(original.text, baseURL: baseURL), account: author)
        }
        let mentions = status.mentionedIDs.compactMap { accounts[$0] }.map {
            MastodonMention(id: $0.id, username: $0.username, acct: $0.acct, url: "\(baseURL)/@\($0.username)")
        }
        return MastodonStatus(
            id: status.id, createdAt: MastodonDate.format(status.createdAt),
            content: reblog == nil ? FakeMastodonHTMLRenderer.render(status.text, baseURL: baseURL) : "",
            account: account, inReplyToID: status.inReplyToID, inReplyToAccountID: status.inReplyToAccountID,
            visibility: status.visibility, mentions: mentions, reblog: reblog, url: "\(baseURL)/@\(account.username)/\(status.id)",
            spoilerText: status.spoilerText, sensitive: status.sensitive,
            mediaAttachments: status.mediaIDs.compactMap { media[$0] }.map(apiMedia))
    }
}
