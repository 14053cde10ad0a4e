import BlueskyAPI
import Foundation

extension FakeBlueskyWorld {
    /// Stores a post by `did`, as the app would write it from `text` as typed: each
    /// `http(s)://` link shown shortened (`example.com/2023/11/tool...`) with the full
    /// URI in its facet, `@handle`s of known accounts as mentions of their DIDs; with
    /// `facets` given, `text` and `facets` are the record's as they are. A reply names
    /// the parent's thread.
    mutating func insertPost(
        did: String, text: String, createdAt: Date, indexedAt: Date, facets: [BlueskyFacet]?, replyTo parentURI: String?, rkey: String?
    ) -> FakeBlueskyPost {
        var reply: BlueskyReplyRef?
        if let parentURI, let parent = posts[parentURI] {
            reply = BlueskyReplyRef(root: parent.record.reply?.root ?? parent.ref, parent: parent.ref)
        }
        let (written, found) = facets.map { (text, $0) } ?? appRichText(text)
        let record = BlueskyPostRecord(text: written, createdAt: BlueskyTimestamp.format(createdAt), facets: found, reply: reply)
        let (indexed, order) = nextIndexedAt(indexedAt)
        let key = rkey ?? TID.make(microseconds: UInt64(max(0, createdAt.timeIntervalSince1970 * 1_000_000)) + UInt64(order), clockID: 7)
        let post = FakeBlueskyPost(
            uri: "at://\(did)/\(BlueskyPostRecord.type)/\(key)", cid: nextCID(), did: did, record: record, indexedAt: indexed, order: order)
        posts[post.uri] = post
        return post
    }

    /// The text and facets the app writes for `typed`: words separated by spaces; an
    /// `http(s)://` word becomes its short form (`BlueskyRichText.displayed`, as the
    /// app's `toShortUrl`) with a link facet holding the full URI, an `@handle` of a
    /// known account a mention facet holding its DID.
    func appRichText(_ typed: String) -> (String, [BlueskyFacet]) {
        var facets: [BlueskyFacet] = []
        var words: [String] = []
        var offset = 0
        for word in typed.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var shown = word
            if word.hasPrefix("@"), let account = accounts.values.first(where: { "@" + $0.handle.lowercased() == word.lowercased() }) {
                facets.append(BlueskyFacet(byteStart: offset, byteEnd: offset + word.utf8.count, features: [.mention(did: account.did)]))
            } else if word.hasPrefix("https://") || word.hasPrefix("http://") {
                shown = BlueskyRichText.displayed(word)
                facets.append(BlueskyFacet(byteStart: offset, byteEnd: offset + shown.utf8.count, features: [.link(uri: word)]))
            }
            words.append(shown)
            offset += shown.utf8.count + 1
        }
        return (words.joined(separator: " "), facets)
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
