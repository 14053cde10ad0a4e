import BlueskyAPI
import Foundation
import MirrorBot

extension BlueskyNetwork {
    /// Posts `text`, or replies to the post `postID` (its root found with `getPosts`),
    /// with its links, mentions and tags as facets measured in the text sent.
    public func post(text: String, inReplyTo postID: String?) async throws -> String {
        let rkey = TID.next(now: now())
        let draft = BlueskyRichText.draft(text)
        let graphemes = draft.text.count, bytes = draft.text.utf8.count
        guard graphemes <= Self.graphemeLimit, bytes <= Self.byteLimit else {
            log.warning("bluesky_text_too_long", ["graphemes": graphemes, "bytes": bytes, "action": "not sent"])
            throw NetworkError.failed(
                endpoint: Self.createRecordEndpoint, status: 400,
                detail: "the text is \(graphemes) graphemes (\(bytes) bytes); Bluesky allows \(Self.graphemeLimit) (\(Self.byteLimit) bytes): not sent")
        }
        return try await Self.mappingErrors {
            let dids = try await resolve(draft.mentions.map(\.handle))
            var reply: BlueskyReplyRef?
            if let postID {
                guard let parent = try await client.send(GetPosts(uris: [postID])).posts.first else {
                    throw NetworkError.failed(endpoint: GetPosts().endpoint, status: 404, detail: "the post replied to (\(postID)) is gone")
                }
                reply = BlueskyReplyRef(root: parent.record.reply?.root ?? parent.strongRef, parent: parent.strongRef)
            }
            let record = BlueskyPostRecord(
                text: draft.text, createdAt: BlueskyTimestamp.format(now()), facets: draft.facets(dids: dids), reply: reply)
            let written = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: rkey) { stored in
                stored.text == record.text && stored.reply?.parent == record.reply?.parent
            }
            return written.uri
        }
    }

    /// Likes `postID` with an `app.bsky.feed.like` record (`userID` is the session's account).
    public func like(postID: String, as userID: String) async throws {
        let rkey = TID.next(now: now())
        try await Self.mappingErrors {
            let subject: BlueskyStrongRef
            if let cid = await refs.cid(of: postID) {
                subject = BlueskyStrongRef(uri: postID, cid: cid)
            } else if let view = try await client.send(GetPosts(uris: [postID])).posts.first {
                subject = view.strongRef
            } else {
                throw NetworkError.failed(endpoint: GetPosts().endpoint, status: 404, detail: "the post to like (\(postID)) is gone")
            }
            let record = BlueskyLikeRecord(subject: subject, createdAt: BlueskyTimestamp.format(now()))
            _ = try await client.createRecord(record, collection: BlueskyLikeRecord.type, rkey: rkey) { $0.subject.uri == subject.uri }
        }
    }

    /// The DIDs of `handles` (lowercased keys); a handle that does not resolve is left out
    /// (it stays plain text), any other failure is thrown (nothing was sent yet).
    func resolve(_ handles: [String]) async throws -> [String: String] {
        var dids: [String: String] = [:]
        for handle in Set(handles.map { $0.lowercased() }) {
            do {
                dids[handle] = try await client.send(ResolveHandle(handle: handle)).did
            } catch BlueskyAPIError.failed(_, let status, _, _) where (400..<500).contains(status) {
                log.info("bluesky_mention_unresolved", ["handle": "@\(handle)", "action": "sent as plain text"])
            }
        }
        return dids
    }
}

extension GetPosts {
    init() { self.init(uris: []) }
}
