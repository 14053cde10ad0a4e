import BlueskyAPI
import FakeHTTP
import Foundation

extension FakeBlueskyWorld {
    /// `createRecord` of a post or a like, validated as the PDS validates it (and
    /// stricter where a mistake of mirror-bot's would only show in the app): the
    /// record's shape and `$type`, the text's 300 graphemes and 3,000 bytes, every
    /// facet's byte range (inside the text, on character boundaries, not
    /// overlapping, covering `@handle` for a mention and `#tag` for a tag), a
    /// reply's root and parent (known posts, their CIDs, and the root being the
    /// parent's own root), its pictures (`embedProblem`) and self-labels (`labelsProblem`),
    /// a like's subject; the record key a TID not taken.
    mutating func createRecord(_ request: HTTPRequest, did: String, now: Date) -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            return Self.invalid("Request body must be a JSON object")
        }
        guard let repo = object["repo"] as? String, account(named: repo)?.did == did else {
            return Self.error(401, "AuthenticationRequired", "Authentication Required")
        }
        guard let collection = object["collection"] as? String, let record = object["record"] as? [String: Any] else {
            return Self.invalid("Input must have the properties \"repo\", \"collection\" and \"record\"")
        }
        guard record["$type"] as? String == collection else { return Self.invalid("Invalid $type: must be \(collection)") }
        let rkey: String
        if let given = object["rkey"] as? String {
            guard TID.isValid(given) else { return Self.invalid("Invalid record key: \(given) is not a TID") }
            rkey = given
        } else {
            rkey = TID.next(now: now)
        }
        let uri = "at://\(did)/\(collection)/\(rkey)"
        if posts[uri] != nil || likes[uri] != nil { return Self.invalid("Record already exists at \(uri)") }
        guard let data = try? JSONSerialization.data(withJSONObject: record) else { return Self.invalid("Invalid record") }
        switch collection {
        case BlueskyPostRecord.type:
            return createPost(data, raw: record, uri: uri, did: did, now: now)
        case BlueskyLikeRecord.type:
            return createLike(data, uri: uri, did: did)
        default:
            return Self.invalid("Unsupported collection \(collection)")
        }
    }

    private mutating func createPost(_ data: Data, raw: [String: Any], uri: String, did: String, now: Date) -> HTTPResponse {
        guard let text = raw["text"] as? String else { return Self.invalid("Invalid app.bsky.feed.post record: Record must have the property \"text\"") }
        guard let createdAt = raw["createdAt"] as? String, BlueskyTimestamp.parse(createdAt) != nil else {
            return Self.invalid("Invalid app.bsky.feed.post record: Record/createdAt must be an valid atproto datetime")
        }
        guard text.count <= 300 else {
            return Self.invalid("Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes")
        }
        guard text.utf8.count <= 3000 else {
            return Self.invalid("Invalid app.bsky.feed.post record: Record/text must not be longer than 3000 characters")
        }
        if let embed = raw["embed"], let problem = embedProblem(embed, did: did) {
            return Self.invalid("Invalid app.bsky.feed.post record: \(problem)")
        }
        if let labels = raw["labels"], let problem = Self.labelsProblem(labels) {
            return Self.invalid("Invalid app.bsky.feed.post record: \(problem)")
        }
        guard let record = try? JSONDecoder().decode(BlueskyPostRecord.self, from: data) else { return Self.invalid("Invalid post record") }
        if let problem = facetProblem(record.facets ?? [], rawCount: (raw["facets"] as? [Any])?.count ?? 0, text: text) {
            return Self.invalid("Invalid app.bsky.feed.post record: \(problem)")
        }
        if raw["reply"] != nil {
            guard let reply = record.reply else { return Self.invalid("Invalid app.bsky.feed.post record: Record/reply must have root and parent") }
            guard let parent = posts[reply.parent.uri], parent.cid == reply.parent.cid else {
                return Self.invalid("Invalid app.bsky.feed.post record: reply parent \(reply.parent.uri) not found (or its cid differs)")
            }
            let expectedRoot = parent.record.reply?.root ?? parent.ref
            guard reply.root == expectedRoot else {
                return Self.invalid("Invalid app.bsky.feed.post record: reply root must be \(expectedRoot.uri), the parent's thread root")
            }
        }
        let (indexedAt, order) = nextIndexedAt(now)
        let post = FakeBlueskyPost(uri: uri, cid: nextCID(), did: did, record: record, indexedAt: indexedAt, order: order)
        posts[uri] = post
        if let reply = record.reply {
            writes.append(.reply(uri: uri, did: did, text: text, parent: reply.parent.uri, root: reply.root.uri))
        } else {
            writes.append(.post(uri: uri, did: did, text: text, facets: record.facets ?? []))
        }
        return .json(200, ["uri": uri, "cid": post.cid])
    }

    private mutating func createLike(_ data: Data, uri: String, did: String) -> HTTPResponse {
        guard let record = try? JSONDecoder().decode(BlueskyLikeRecord.self, from: data), BlueskyTimestamp.parse(record.createdAt) != nil else {
            return Self.invalid("Invalid app.bsky.feed.like record: Record must have subject {uri, cid} and createdAt")
        }
        guard let subject = posts[record.subject.uri], subject.cid == record.subject.cid else {
            return Self.invalid("Invalid app.bsky.feed.like record: subject \(record.subject.uri) not found (or its cid differs)")
        }
        lastOrder += 1
        let like = FakeBlueskyLike(uri: uri, cid: nextCID(), did: did, record: record, order: lastOrder)
        likes[uri] = like
        writes.append(.like(did: did, subject: subject.uri))
        return .json(200, ["uri": uri, "cid": like.cid])
    }

    /// Why `facets` do not fit `text`, or nil when they do.
    func facetProblem(_ facets: [BlueskyFacet], rawCount: Int, text: String) -> String? {
        guard facets.count == rawCount else { return "Record/facets: a facet is malformed" }
        let bytes = Array(text.utf8)
        var taken: [Range<Int>] = []
        for (number, facet) in facets.enumerated() {
            let name = "Record/facets/\(number)"
            let start = facet.index.byteStart, end = facet.index.byteEnd
            guard start >= 0, start < end, end <= bytes.count else { return "\(name): byte range \(start)..<\(end) outside the text's \(bytes.count) bytes" }
            guard Self.isBoundary(start, in: bytes), Self.isBoundary(end, in: bytes) else {
                return "\(name): byte range \(start)..<\(end) cuts a character"
            }
            guard !taken.contains(where: { $0.overlaps(start..<end) }) else { return "\(name): overlaps another facet" }
            taken.append(start..<end)
            let slice = String(decoding: bytes[start..<end], as: UTF8.self)
            guard !facet.features.isEmpty else { return "\(name): no features" }
            for feature in facet.features {
                switch feature {
                case .link(let uri):
                    guard let url = URLComponents(string: uri), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                        return "\(name): link \(uri) is not an http(s) URL"
                    }
                case .mention(let did):
                    guard let account = accounts[did] else { return "\(name): mention of unknown \(did)" }
                    guard slice.lowercased() == "@" + account.handle.lowercased() else {
                        return "\(name): mention of \(did) covers \(slice.debugDescription), not @\(account.handle)"
                    }
                case .tag(let tag):
                    guard tag.count <= 64, tag.utf8.count <= 640 else {
                        return "\(name): tag must not be longer than 64 graphemes or 640 bytes"
                    }
                    guard slice == "#" + tag || slice == "＃" + tag else { return "\(name): tag \(tag) covers \(slice.debugDescription)" }
                case .other(let type):
                    return "\(name): unknown feature \(type)"
                }
            }
        }
        return nil
    }

    /// Not inside a multi-byte character.
    static func isBoundary(_ index: Int, in bytes: [UInt8]) -> Bool {
        index == bytes.count || bytes[index] & 0xC0 != 0x80
    }
}
