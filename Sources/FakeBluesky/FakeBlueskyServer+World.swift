import BlueskyAPI
import FakeHTTP
import Foundation

/// The in-process API: build the world, inspect what clients did, inject faults.
extension FakeBlueskyServer {
    /// Registers an account with one app password (more can be added); `selfLabels: ["bot"]` labels it a bot.
    public func addAccount(did: String, handle: String, appPassword: String, selfLabels: [String] = []) {
        world.withLock {
            $0.accounts[did] = FakeBlueskyAccount(did: did, handle: handle, appPasswords: [appPassword], selfLabels: selfLabels)
        }
    }

    /// Sets the profile's bio (plain text, as the app saves it in `app.bsky.actor.profile`).
    public func setDescription(did: String, _ description: String) {
        world.withLock { $0.accounts[did]?.description = description }
    }

    /// Adds a post and returns its `at://` URI. `facets` nil: the app's facets for known
    /// `@handle`s and links. A reply names its parent; the root is the parent's own root.
    @discardableResult
    public func addPost(
        did: String, text: String, createdAt: Date? = nil, facets: [BlueskyFacet]? = nil, replyTo parent: String? = nil, rkey: String? = nil
    ) -> String {
        let date = createdAt ?? Date()
        return world.withLock {
            $0.insertPost(did: did, text: text, createdAt: date, indexedAt: max(date, $0.lastIndexedAt), facets: facets, replyTo: parent, rkey: rkey).uri
        }
    }

    /// Adds a post by `did` with pictures, as the app writes one: each picture's bytes a blob of
    /// `did`'s (served by `getBlob`), embedded in order (`app.bsky.embed.images`) with its alt
    /// text and aspect ratio; `labels` its content self-labels. Returns its `at://` URI.
    @discardableResult
    public func addPost(
        did: String, text: String, createdAt: Date? = nil, pictures: [FakeBlueskyPicture], labels: [String] = [], rkey: String? = nil
    ) -> String {
        let date = createdAt ?? Date()
        return world.withLock { world in
            let images = pictures.map { picture in
                let cid = picture.cid ?? world.nextBlobCID()
                let mimeType = FakeBlueskyWorld.sniff(picture.data) ?? "application/octet-stream"
                world.blobs[cid] = FakeBlueskyBlob(cid: cid, did: did, data: picture.data, mimeType: mimeType)
                return BlueskyImage(
                    image: BlueskyBlob(cid: cid, mimeType: mimeType, size: picture.data.count), alt: picture.alt,
                    aspectRatio: picture.aspectRatio)
            }
            var post = world.insertPost(did: did, text: text, createdAt: date, indexedAt: max(date, world.lastIndexedAt), facets: nil, replyTo: nil, rkey: rkey)
            post.record.embed = images.isEmpty ? nil : BlueskyEmbed(images: images)
            post.record.labels = labels.isEmpty ? nil : BlueskySelfLabels(labels)
            world.posts[post.uri] = post
            return post.uri
        }
    }

    /// A blob by its CID (the bot's uploads, the human's pictures).
    public func blob(cid: String) -> FakeBlueskyBlob? { world.withLock { $0.blobs[cid] } }

    /// Every blob `did` uploaded or holds.
    public func blobs(of did: String) -> [FakeBlueskyBlob] { world.withLock { $0.blobs.values.filter { $0.did == did } } }

    /// `did` reposts the post `subject`.
    public func addRepost(did: String, of subject: String, at date: Date? = nil) {
        let date = date ?? Date()
        world.withLock { $0.insertRepost(did: did, subject: subject, at: date) }
    }

    /// `did` likes the post `subject` (the newest like comes first in `getActorLikes`).
    public func addLike(did: String, of subject: String, at date: Date? = nil) {
        let date = date ?? Date()
        world.withLock { $0.insertLike(did: did, subject: subject, at: date) }
    }

    /// `follower` follows `followee`: the followee's posts reach the follower's timeline, and the
    /// follower's posts carry `followedBy` when the followee looks at them.
    public func follow(_ follower: String, _ followee: String) {
        world.withLock { _ = $0.follows[follower, default: []].insert(followee) }
    }

    /// How long access tokens live (Bluesky: about 2 hours).
    public func setAccessTokenLifetime(_ seconds: TimeInterval) {
        world.withLock { $0.accessTokenLifetime = seconds }
    }

    /// Every access token issued so far expires now.
    public func expireAccessTokens() {
        let date = Date.distantPast
        world.withLock { world in
            for token in world.accessTokens.keys { world.accessTokens[token]?.expiresAt = date }
        }
    }

    /// Every refresh token issued so far stops working (as when an app password is revoked).
    public func revokeRefreshTokens() {
        world.withLock { $0.refreshTokens = [:] }
    }

    /// Each caller may make `limit` requests per `window` seconds.
    public func setRateLimit(limit: Int, window: TimeInterval) {
        world.withLock {
            $0.rateLimit = FixedWindowLimit(limit: limit, window: window)
        }
    }

    /// Every accepted write, in order.
    public var writes: [FakeBlueskyWrite] { world.withLock { $0.writes } }

    /// Every request answered (or dropped), in order.
    public var requests: [FakeBlueskyRequestRecord] { world.withLock { $0.requests } }

    /// How many requests reached `endpoint` (e.g. `POST com.atproto.server.createSession`), answered with `status` if given.
    public func requestCount(endpoint: String, status: Int? = nil) -> Int {
        world.withLock { $0.requests.filter { $0.endpoint == endpoint && (status == nil || $0.status == status) }.count }
    }

    public func post(uri: String) -> FakeBlueskyPost? { world.withLock { $0.posts[uri] } }

    /// The subjects `did` liked, oldest first.
    public func likes(of did: String) -> [String] {
        world.withLock { $0.likes.values.filter { $0.did == did }.sorted { $0.order < $1.order }.map(\.record.subject.uri) }
    }
}

extension FakeBlueskyServer: FaultInjecting {
    public func changeFaults(_ change: (inout FaultPlan<HTTPFault>) -> Void) {
        world.withLock { change(&$0.faults) }
    }
}
