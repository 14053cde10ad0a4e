import BlueskyAPI
import Foundation

extension FakeBlueskyWorld {
    /// Stores a post by `did`, as the app would write it: `@handle`s of known accounts and
    /// `http(s)://` links get facets unless `facets` are given; a reply names the parent's thread.
    mutating func insertPost(
        did: String, text: String, createdAt: Date, indexedAt: Date, facets: [BlueskyFacet]?, replyTo parentURI: String?, rkey: String?
    ) -> FakeBlueskyPost {
        var reply: BlueskyReplyRef?
        if let parentURI, let parent = posts[parentURI] {
            reply = BlueskyReplyRef(root: parent.record.reply?.root ?? parent.ref, parent: parent.ref)
        }
        let record = BlueskyPostRecord(
            text: text, createdAt: BlueskyTimestamp.format(createdAt), facets: facets ?? appFacets(text), reply: reply)
        let (indexed, order) = nextIndexedAt(indexedAt)
        let key = rkey ?? TID.make(microseconds: UInt64(max(0, createdAt.timeIntervalSince1970 * 1_000_000)) + UInt64(order), clockID: 7)
        let post = FakeBlueskyPost(
            uri: "at://\(did)/\(BlueskyPostRecord.type)/\(key)", cid: nextCID(), did: did, record: record, indexedAt: indexed, order: order)
        posts[post.uri] = post
        return post
    }

    /// Facets the way the app makes them: known `@handle`s and `http(s)://` words.
    func appFacets(_ text: String) -> [BlueskyFacet] {
        var facets: [BlueskyFacet] = []
        var offset = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let length = word.utf8.count
            if word.hasPrefix("@"), let account = accounts.values.first(where: { "@" + $0.handle.lowercased() == word.lowercased() }) {
                facets.append(BlueskyFacet(byteStart: offset, byteEnd: offset + length, features: [.mention(did: account.did)]))
            } else if word.hasPrefix("https://") || word.hasPrefix("http://") {
                facets.append(BlueskyFacet(byteStart: offset, byteEnd: offset + length, features: [.link(uri: String(word))]))
            }
            offset += length + 1
        }
        return facets
    }

    mutating func insertRepost(did: String, subject: String, at date: Date) {
        let (indexed, order) = nextIndexedAt(date)
        reposts.append(FakeBlueskyRepost(did: did, subject: subject, indexedAt: indexed, order: order))
    }

    mutating func insertLike(did: String, subject: String, at date: Date) {
        guard let post = posts[subject] else { return }
        lastOrder += 1
        let uri = "at://\(did)/\(BlueskyLikeRecord.type)/\(TID.make(microseconds: UInt64(lastOrder), clockID: 9))"
        likes[uri] = FakeBlueskyLike(
            uri: uri, cid: nextCID(), did: did, record: BlueskyLikeRecord(subject: post.ref, createdAt: BlueskyTimestamp.format(date)),
            order: lastOrder)
    }
}
