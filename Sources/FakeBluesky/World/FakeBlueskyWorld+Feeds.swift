import BlueskyAPI
import FakeHTTP
import Foundation

extension FakeBlueskyWorld {
    /// One item of a feed before paging: a post, or a repost of one.
    struct FeedEntry {
        var post: FakeBlueskyPost
        var repostedBy: String?
        var indexedAt: Date
        var order: Int
    }

    /// `getAuthorFeed`: the actor's posts (replies too, unless `posts_no_replies`) and reposts, newest first.
    func authorFeed(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        guard let actor = request.queryValue("actor").flatMap(account(named:)) else { return Self.invalid("Profile not found") }
        let withReplies = request.queryValue("filter") != "posts_no_replies"
        var entries = posts.values.filter { $0.did == actor.did && (withReplies || $0.record.reply == nil) }
            .map { FeedEntry(post: $0, repostedBy: nil, indexedAt: $0.indexedAt, order: $0.order) }
        entries += reposts.filter { $0.did == actor.did }.compactMap { repost in
            posts[repost.subject].map { FeedEntry(post: $0, repostedBy: repost.did, indexedAt: repost.indexedAt, order: repost.order) }
        }
        return feedPage(entries, request: request, viewer: viewer)
    }

    /// `getActorLikes`: the session's own likes, most recent first.
    func actorLikes(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        guard let actor = request.queryValue("actor").flatMap(account(named:)) else { return Self.invalid("Profile not found") }
        guard actor.did == viewer else { return Self.invalid("Profile not found") }
        let entries = likes.values.filter { $0.did == viewer }.compactMap { like in
            posts[like.record.subject.uri].map { FeedEntry(post: $0, repostedBy: nil, indexedAt: $0.indexedAt, order: like.order) }
        }
        return feedPage(entries, request: request, viewer: viewer)
    }

    /// `getTimeline`: posts and reposts of the accounts the viewer follows, and the viewer's own.
    func timeline(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        let authors = (follows[viewer] ?? []).union([viewer])
        var entries = posts.values.filter { authors.contains($0.did) }
            .map { FeedEntry(post: $0, repostedBy: nil, indexedAt: $0.indexedAt, order: $0.order) }
        entries += reposts.filter { authors.contains($0.did) }.compactMap { repost in
            posts[repost.subject].map { FeedEntry(post: $0, repostedBy: repost.did, indexedAt: repost.indexedAt, order: repost.order) }
        }
        return feedPage(entries, request: request, viewer: viewer)
    }

    /// `listNotifications`: posts that mention the viewer (a mention facet with its DID) or reply to
    /// the viewer's posts, newest first, filtered by `reasons`.
    func notifications(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        let reasons = Set(request.query.filter { $0.name == "reasons" }.map(\.value))
        let items = posts.values.compactMap { post -> (FakeBlueskyPost, String)? in
            guard post.did != viewer else { return nil }
            let reason: String
            if post.parentDID == viewer {
                reason = "reply"
            } else if (post.record.facets ?? []).contains(where: { $0.features.contains(.mention(did: viewer)) }) {
                reason = "mention"
            } else {
                return nil
            }
            return reasons.isEmpty || reasons.contains(reason) ? (post, reason) : nil
        }.sorted { $0.0.order > $1.0.order }
        let (page, cursor) = Self.page(items, request: request, order: { $0.0.order })
        let notifications = page.compactMap { post, reason -> BlueskyNotification? in
            guard let author = profile(post.did, viewer: viewer) else { return nil }
            return BlueskyNotification(
                uri: post.uri, cid: post.cid, author: author, reason: reason, record: post.record,
                indexedAt: BlueskyTimestamp.format(post.indexedAt))
        }
        return .json(200, BlueskyNotificationPage(cursor: cursor, notifications: notifications))
    }

    /// `getPosts`: 1 to 25 `at://` URIs (the lexicon's required `uris`, `maxLength` 25, format
    /// at-uri); unknown and deleted ones are left out (no error names them).
    func getPosts(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        let uris = request.query.filter { $0.name == "uris" }.map(\.value)
        guard !uris.isEmpty else { return Self.invalid("Params must have the property \"uris\"") }
        guard uris.count <= 25 else { return Self.invalid("uris must not have more than 25 elements") }
        if let bad = uris.first(where: { ATURI($0) == nil }) { return Self.invalid("uris/\(bad) must be a valid at-uri") }
        return .json(200, ["posts": uris.compactMap { posts[$0] }.compactMap { view($0, viewer: viewer) }])
    }

    func getProfile(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        guard let actor = request.queryValue("actor").flatMap(account(named:)), let profile = detailedProfile(actor, viewer: viewer) else {
            return Self.invalid("Profile not found")
        }
        return .json(200, profile)
    }

    /// `getProfiles`: 1 to 25 actors (the lexicon's required `actors`, `maxLength` 25, each an
    /// at-identifier: a DID or a handle); unknown ones are left out (no error names them).
    func getProfiles(_ request: HTTPRequest, viewer: String) -> HTTPResponse {
        let actors = request.query.filter { $0.name == "actors" }.map(\.value)
        guard !actors.isEmpty else { return Self.invalid("Params must have the property \"actors\"") }
        guard actors.count <= 25 else { return Self.invalid("actors must not have more than 25 elements") }
        if let bad = actors.firstIndex(where: { !ATProtoSyntax.isDID($0) && !ATProtoSyntax.isHandle($0) }) {
            return Self.invalid("actors/\(bad) must be a valid did or a handle")
        }
        return .json(200, ["profiles": actors.compactMap(account(named:)).compactMap { detailedProfile($0, viewer: viewer) }])
    }

    /// `profileViewDetailed`: the profile with its bio (absent when empty).
    func detailedProfile(_ account: FakeBlueskyAccount, viewer: String) -> BlueskyProfile? {
        var detailed = profile(account.did, viewer: viewer)
        detailed?.description = account.description.isEmpty ? nil : account.description
        return detailed
    }

    func resolveHandle(_ request: HTTPRequest) -> HTTPResponse {
        guard let handle = request.queryValue("handle"), let account = accounts.values.first(where: { $0.handle.lowercased() == handle.lowercased() })
        else { return Self.invalid("Unable to resolve handle") }
        return .json(200, ["did": account.did])
    }

    /// `getRecord` from the repository (no AppView): posts and likes.
    func getRecord(_ request: HTTPRequest) -> HTTPResponse {
        guard let repo = request.queryValue("repo").flatMap(account(named:)), let collection = request.queryValue("collection"),
            let rkey = request.queryValue("rkey")
        else { return Self.invalid("repo, collection and rkey are required") }
        let uri = "at://\(repo.did)/\(collection)/\(rkey)"
        if let post = posts[uri] { return .json(200, RecordBody(uri: uri, cid: post.cid, value: post.record)) }
        if let like = likes[uri] { return .json(200, RecordBody(uri: uri, cid: like.cid, value: like.record)) }
        return Self.error(400, "RecordNotFound", "Could not locate record: \(uri)")
    }

    struct RecordBody<Value: Encodable>: Encodable {
        var uri: String
        var cid: String
        var value: Value
    }

    // MARK: - Views

    private func feedPage(_ entries: [FeedEntry], request: HTTPRequest, viewer: String) -> HTTPResponse {
        let sorted = entries.sorted { $0.order > $1.order }
        let (page, cursor) = Self.page(sorted, request: request, order: \.order)
        let items = page.compactMap { entry -> BlueskyFeedItem? in
            guard let post = view(entry.post, viewer: viewer) else { return nil }
            let reason = entry.repostedBy.flatMap { profile($0, viewer: viewer) }.map {
                BlueskyFeedItem.Reason(type: BlueskyFeedItem.Reason.repost, by: $0, indexedAt: BlueskyTimestamp.format(entry.indexedAt))
            }
            let parentAuthor = entry.post.parentDID.flatMap { profile($0, viewer: viewer) }
            return BlueskyFeedItem(post: post, reason: reason, replyParentAuthor: parentAuthor)
        }
        return .json(200, BlueskyFeedPage(cursor: cursor, feed: items))
    }

    /// A page of `items` (newest first) after the request's cursor (an order number), and the next cursor.
    static func page<Item>(_ items: [Item], request: HTTPRequest, order: (Item) -> Int) -> ([Item], String?) {
        let limit = min(max(request.queryValue("limit").flatMap { Int($0) } ?? 50, 1), 100)
        let after = request.queryValue("cursor").flatMap { Int($0) }
        let rest = after.map { cursor in items.filter { order($0) < cursor } } ?? items
        let page = Array(rest.prefix(limit))
        let cursor = rest.count > limit ? page.last.map { String(order($0)) } : nil
        return (page, cursor)
    }

    func view(_ post: FakeBlueskyPost, viewer: String) -> BlueskyPostView? {
        guard let author = profile(post.did, viewer: viewer) else { return nil }
        return BlueskyPostView(uri: post.uri, cid: post.cid, author: author, record: post.record, indexedAt: BlueskyTimestamp.format(post.indexedAt))
    }

    /// An account as `viewer` sees it: `followedBy` when it follows the viewer; its self-labels.
    func profile(_ did: String, viewer: String) -> BlueskyProfile? {
        guard let account = accounts[did] else { return nil }
        let followsViewer = follows[did]?.contains(viewer) == true
        let followedByViewer = follows[viewer]?.contains(did) == true
        let viewerState = BlueskyViewerState(
            following: followedByViewer ? "at://\(viewer)/app.bsky.graph.follow/\(Self.followKey(viewer, did))" : nil,
            followedBy: followsViewer ? "at://\(did)/app.bsky.graph.follow/\(Self.followKey(did, viewer))" : nil)
        let labels = account.selfLabels.map {
            BlueskyLabel(src: did, uri: "at://\(did)/app.bsky.actor.profile/self", val: $0, cts: "2024-01-01T00:00:00.000Z")
        }
        return BlueskyProfile(did: did, handle: account.handle, displayName: account.handle, viewer: viewerState, labels: labels)
    }

    static func followKey(_ from: String, _ to: String) -> String {
        TID.make(microseconds: UInt64(abs((from + to).hashValue) % 1_000_000_000), clockID: 1)
    }
}
