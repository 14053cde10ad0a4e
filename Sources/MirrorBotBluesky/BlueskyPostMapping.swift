import BlueskyAPI
import Foundation
import MirrorBot

/// Bluesky's views as the seam's posts.
enum BlueskyPostMapping {
    /// A post: id its `at://` URI, the record's text as it is and its facets (JSON),
    /// `createdAt` from the record (else when it was indexed), and whom it answers
    /// (the parent's author DID, from the parent URI), its pictures (their blobs, to be had
    /// from `blobService`: `BlueskyBlobURL`) and its self-labels as a warning.
    static func post(_ view: BlueskyPostView, blobService: URL, parentAuthor: BlueskyProfile? = nil, isRepost: Bool = false) -> NetworkPost {
        let parentDID = view.record.reply.flatMap { ATURI($0.parent.uri)?.authority }
        var parentHandle = parentAuthor?.did == parentDID ? parentAuthor?.handle : nil
        if parentDID == view.author.did { parentHandle = view.author.handle }
        return NetworkPost(
            id: view.uri, text: view.record.text,
            createdAt: date(view.record.createdAt, fallback: view.indexedAt),
            authorID: view.author.did, authorUsername: view.author.handle,
            inReplyToUserID: parentDID, inReplyToUsername: parentHandle, isRetweet: isRepost,
            facets: BlueskyStoredText.json(view.record.facets), replyTarget: replyTarget(replyRef(to: view)),
            inReplyToPostID: view.record.reply?.parent.uri, warning: warning(of: view.record),
            media: media(of: view.record, did: view.author.did, blobService: blobService))
    }

    /// The record's pictures in order (`app.bsky.embed.images`, or the media of
    /// `recordWithMedia`), or its video: each a blob of `did`'s, fetched at send time from
    /// `blobService` (`com.atproto.sync.getBlob`), with its alt text and its aspect ratio as
    /// width and height (the app writes the picture's pixels there; only the ratio is promised).
    /// Sensitive when the post carries a content self-label (Bluesky labels posts, not pictures).
    static func media(of record: BlueskyPostRecord, did: String, blobService: URL) -> [PostMedia] {
        guard let embed = record.embed else { return [] }
        let sensitive = warning(of: record) != nil
        func item(_ image: BlueskyImage, _ kind: PostMedia.Kind) -> PostMedia {
            PostMedia(
                kind: kind, url: BlueskyBlobURL.url(service: blobService, did: did, cid: image.image.cid), altText: image.alt,
                width: image.aspectRatio?.width, height: image.aspectRatio?.height, sensitive: sensitive)
        }
        // An image that would not decode keeps its place as media that cannot be carried.
        var readable = embed.images.makeIterator()
        let images = (0..<(embed.images.count + embed.unreadable.count)).compactMap { position in
            embed.unreadable.contains(position) ? PostMedia(kind: .other, url: "") : readable.next().map { item($0, .photo) }
        }
        return images + (embed.video.map { [item($0, .video)] } ?? [])
    }

    /// The record's content self-labels as a warning (no words: Bluesky has no warning text);
    /// nil when it has none. Other self-labels (`!no-unauthenticated`) are no warning.
    static func warning(of record: BlueskyPostRecord) -> PostWarning? {
        let labels = (record.labels?.vals ?? []).compactMap(SensitivityLabel.init(rawValue:))
            .filter(SensitivityLabel.blueskySelfLabels.contains)
        return PostWarning.from(text: nil, labels: labels)
    }

    /// What a reply to `view` names: its thread's root (itself when it starts one) and itself.
    static func replyRef(to view: BlueskyPostView) -> BlueskyReplyRef {
        BlueskyReplyRef(root: view.record.reply?.root ?? view.strongRef, parent: view.strongRef)
    }

    /// A reply target as `NetworkPost.replyTarget` carries it: the refs as JSON.
    static func replyTarget(_ ref: BlueskyReplyRef) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(ref)).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The refs a reply target names; nil when it names none.
    static func replyRef(fromTarget target: String) -> BlueskyReplyRef? {
        try? JSONDecoder().decode(BlueskyReplyRef.self, from: Data(target.utf8))
    }

    /// A feed item: a repost (`reason` repost) is flagged as one, never the reposter's own post.
    static func post(_ item: BlueskyFeedItem, blobService: URL) -> NetworkPost {
        post(item.post, blobService: blobService, parentAuthor: item.replyParentAuthor, isRepost: item.isRepost)
    }

    /// A mention, reply or quote notification, from the post record it carries.
    static func post(_ notification: BlueskyNotification, blobService: URL) -> NetworkPost? {
        guard let record = notification.record else { return nil }
        let view = BlueskyPostView(
            uri: notification.uri, cid: notification.cid, author: notification.author, record: record, indexedAt: notification.indexedAt)
        return post(view, blobService: blobService)
    }

    static func date(_ text: String, fallback: String) -> Date {
        BlueskyTimestamp.parse(text) ?? BlueskyTimestamp.parse(fallback) ?? Date(timeIntervalSince1970: 0)
    }

}
