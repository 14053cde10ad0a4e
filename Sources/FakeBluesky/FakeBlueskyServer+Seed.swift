import BlueskyAPI
import FakeHTTP
import Foundation

extension FakeBlueskyServer: FakeSeeded {
    /// Adds a seed's settings, accounts, follows, posts (in order, so replies may answer
    /// earlier posts; facets as the app makes them) and likes, and checks its scheduled
    /// activity names known accounts and posts. Anything that does not hold together
    /// (an unknown DID, a reply to a post not in the seed, a record key that is not a TID
    /// or is taken) is an error naming the entry.
    public func load(_ seed: FakeBlueskySeed) throws {
        if let settings = seed.settings { try apply(settings) }
        var dids = Set<String>()
        for (index, account) in seed.accounts.enumerated() {
            guard account.did.hasPrefix("did:"), account.did.count > 4 else {
                throw FakeSeedError("accounts[\(index)].did \(account.did.debugDescription) is not a DID")
            }
            guard !account.handle.isEmpty, !account.handle.contains(" ") else {
                throw FakeSeedError("accounts[\(index)].handle \(account.handle.debugDescription) is not a handle")
            }
            guard dids.insert(account.did).inserted else { throw FakeSeedError("accounts[\(index)].did \(account.did) appears twice") }
            let added = FakeBlueskyAccount(
                did: account.did, handle: account.handle, appPasswords: account.appPassword.map { [$0] } ?? [],
                selfLabels: account.selfLabels ?? [], description: account.description ?? "")
            world.withLock { $0.accounts[account.did] = added }
        }
        func known(_ did: String, _ field: String) throws {
            guard dids.contains(did) else { throw FakeSeedError("\(field) \(did.debugDescription) is not an account of the seed") }
        }
        for (index, account) in seed.accounts.enumerated() {
            for followee in account.follows ?? [] {
                try known(followee, "accounts[\(index)].follows")
                follow(account.did, followee)
            }
        }
        for (index, entry) in (seed.posts ?? []).enumerated() {
            let field = "posts[\(index)]"
            try known(entry.did, "\(field).did")
            let date = try Self.seedDate(entry.createdAt, field: "\(field).created_at")
            if let rkey = entry.rkey {
                guard TID.isValid(rkey) else { throw FakeSeedError("\(field).rkey \(rkey.debugDescription) is not a TID") }
                guard post(uri: "at://\(entry.did)/\(BlueskyPostRecord.type)/\(rkey)") == nil else {
                    throw FakeSeedError("\(field).rkey \(rkey) is taken by an earlier post")
                }
            }
            if let parent = entry.replyTo { try knownPost(parent, "\(field).reply_to") }
            addPost(did: entry.did, text: entry.text, createdAt: date, replyTo: entry.replyTo, rkey: entry.rkey)
        }
        for (index, like) in (seed.likes ?? []).enumerated() {
            try known(like.did, "likes[\(index)].did")
            try knownPost(like.subject, "likes[\(index)].subject")
            addLike(did: like.did, of: like.subject, at: try Self.seedDate(like.createdAt, field: "likes[\(index)].created_at"))
        }
        for (index, entry) in (seed.scheduled ?? []).enumerated() {
            let field = "scheduled[\(index)]"
            try FakeSeedError.checkDelay(entry.afterSeconds, field: "\(field).after_seconds")
            try known(entry.did, "\(field).did")
            switch (entry.text, entry.like) {
            case (_?, nil):
                if let parent = entry.replyTo { try knownPost(parent, "\(field).reply_to") }
            case (nil, let subject?):
                try knownPost(subject, "\(field).like")
            default:
                throw FakeSeedError("\(field) needs either \"text\" (a post) or \"like\" (the URI of a post to like)")
            }
        }
    }

    private func apply(_ settings: FakeBlueskySeed.Settings) throws {
        if let limit = settings.rateLimit {
            guard limit.limit > 0, limit.window > 0, limit.window.isFinite else {
                throw FakeSeedError("settings.rate_limit needs a limit and a window above 0")
            }
            setRateLimit(limit: limit.limit, window: limit.window)
        }
        if let lifetime = settings.accessTokenLifetime {
            guard lifetime > 0, lifetime.isFinite else { throw FakeSeedError("settings.access_token_lifetime must be above 0 seconds") }
            setAccessTokenLifetime(lifetime)
        }
        try setSeedFault(settings.fault, probability: settings.faultProbability)
    }

    private func knownPost(_ uri: String, _ field: String) throws {
        guard post(uri: uri) != nil else { throw FakeSeedError("\(field) \(uri.debugDescription) is not an earlier post of the seed") }
    }

    private static func seedDate(_ text: String?, field: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = BlueskyTimestamp.parse(text) else { throw FakeSeedError("\(field) \(text.debugDescription) is not ISO 8601") }
        return date
    }
}
