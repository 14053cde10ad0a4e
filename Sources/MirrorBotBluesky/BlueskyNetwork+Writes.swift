import BlueskyAPI
import Foundation
import MirrorBot

extension BlueskyNetwork {
    /// Posts `text`, or replies to `mention` (its thread's root and itself from its
    /// `replyTarget`; for a post served without one, found with `getPosts`).
    /// The text goes out as it is, byte for byte. Its facets are the ones stored with
    /// the human's post it came from (a reply without its leading `@names` keeps the
    /// facets of what is left), less any mention of an account that no longer resolves
    /// (dropped alone, and logged); a text stored without facets gets the links,
    /// mentions and tags found in it.
    ///
    /// A text the human posted with content self-labels goes out with them (`warningSource`);
    /// one whose warning Bluesky cannot carry (`selfLabels(for:)`) is refused, not sent.
    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        let warning: PostWarning?
        do {
            warning = try await warningSource?.warning(of: text)
        } catch {
            throw NetworkError.failed(endpoint: "stored warnings", status: 0, detail: "the stored posts could not be read: \(error)")
        }
        return try await write(text: text, inReplyTo: mention, labels: try selfLabels(for: warning), embed: nil)
    }

    /// Writes the post record: `text` with its facets, the reply refs for `mention`, `labels` and `embed`.
    func write(text: String, inReplyTo mention: NetworkPost?, labels: BlueskySelfLabels?, embed: BlueskyEmbed?) async throws -> String {
        let rkey = TID.next(now: clock.now())
        let graphemes = text.count, bytes = text.utf8.count
        guard graphemes <= Self.graphemeLimit, bytes <= Self.byteLimit else {
            log.warning("bluesky_text_too_long", ["graphemes": graphemes, "bytes": bytes, "action": "not sent"])
            throw NetworkError.failed(
                endpoint: Self.createRecordEndpoint, status: 400,
                detail: "the text is \(graphemes) graphemes (\(bytes) bytes); Bluesky allows \(Self.graphemeLimit) (\(Self.byteLimit) bytes): not sent")
        }
        return try await Self.mappingErrors {
            let facets: [BlueskyFacet]
            if text.isEmpty {
                facets = []  // a picture-only post
            } else if let stored = try await storedFacets(of: text) {
                facets = try await keptFacets(stored)
            } else {
                let draft = BlueskyRichText.draft(text)
                facets = draft.facets(dids: try await resolve(draft.mentions.map(\.handle)))
            }
            var reply: BlueskyReplyRef?
            if let mention {
                if let target = mention.replyTarget.flatMap(BlueskyPostMapping.replyRef(fromTarget:)) {
                    reply = target
                } else if let parent = try await client.send(GetPosts(uris: [mention.id])).posts.first {
                    reply = BlueskyPostMapping.replyRef(to: parent)
                } else {
                    throw NetworkError.failed(endpoint: GetPosts().endpoint, status: 404, detail: "the post replied to (\(mention.id)) is gone")
                }
            }
            let record = BlueskyPostRecord(
                text: text, createdAt: BlueskyTimestamp.format(clock.now()), facets: facets, reply: reply, labels: labels, embed: embed)
            let written = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: rkey) { stored in
                stored.text == record.text && stored.reply?.parent == record.reply?.parent
            }
            return written.uri
        }
    }

    /// The facets stored with the human's post `text` came from: the post whose text
    /// it is, else one whose reply body (`ReplyText.body`) it is; nil when none has facets.
    func storedFacets(of text: String) async throws -> [BlueskyFacet]? {
        guard let facetSource else { return nil }
        let candidates: [BlueskyStoredText]
        do {
            candidates = try await facetSource.storedTexts(containing: text, limit: 20)
        } catch {
            // Facets found in the text instead would be a guess: nothing is sent.
            throw NetworkError.failed(endpoint: "stored facets", status: 0, detail: "the stored posts could not be read: \(error)")
        }
        for candidate in candidates where candidate.text == text || ReplyText.body(of: candidate.text) == text {
            if let facets = candidate.facets(of: text) { return facets }
        }
        return nil
    }

    /// `facets` less those that cannot be kept: a mention of an account that no longer
    /// resolves (`getProfile` refuses its DID) and a feature this build does not know.
    /// Each dropped facet is logged; the others are sent unchanged.
    func keptFacets(_ facets: [BlueskyFacet]) async throws -> [BlueskyFacet] {
        var gone: Set<String> = []
        let mentioned = Set(facets.flatMap(\.features).compactMap { feature -> String? in
            if case .mention(let did) = feature { return did } else { return nil }
        })
        for did in mentioned.sorted() {
            do {
                _ = try await client.send(GetProfile(actor: did))
            } catch BlueskyAPIError.failed(_, let status, _, _) where (400..<500).contains(status) {
                gone.insert(did)
            }
        }
        return facets.filter { facet in
            let range = "\(facet.index.byteStart)..<\(facet.index.byteEnd)"
            for feature in facet.features {
                switch feature {
                case .mention(let did) where gone.contains(did):
                    log.warning("bluesky_facet_dropped", ["bytes": range, "mention": did, "reason": "the account no longer resolves"])
                    return false
                case .other(let type):
                    log.warning("bluesky_facet_dropped", ["bytes": range, "feature": type, "reason": "a feature mirror-bot does not know"])
                    return false
                default:
                    continue
                }
            }
            return !facet.features.isEmpty
        }
    }

    /// Likes `postID` with an `app.bsky.feed.like` record (`userID` is the session's account).
    public func like(postID: String, as userID: String) async throws {
        let rkey = TID.next(now: clock.now())
        try await Self.mappingErrors {
            let subject: BlueskyStrongRef
            if let cid = await refs.cid(of: postID) {
                subject = BlueskyStrongRef(uri: postID, cid: cid)
            } else if let view = try await client.send(GetPosts(uris: [postID])).posts.first {
                subject = view.strongRef
            } else {
                throw NetworkError.failed(endpoint: GetPosts().endpoint, status: 404, detail: "the post to like (\(postID)) is gone")
            }
            let record = BlueskyLikeRecord(subject: subject, createdAt: BlueskyTimestamp.format(clock.now()))
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
