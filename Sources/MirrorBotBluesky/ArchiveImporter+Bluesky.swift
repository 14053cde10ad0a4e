import BlueskyAPI
import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport

extension ArchiveImporter {
    /// Looks posts up by URI (`getPosts`, 25 at a time): how exported likes get their texts.
    public typealias BlueskyPostLookup = @Sendable ([String]) async throws -> [NetworkPost]

    /// Whether `path` is a Bluesky repository export (`.car`) rather than an X archive.
    public static func isBlueskyRepository(_ path: String) -> Bool { BlueskyExportLocator.isRepository(path) }

    /// Imports the human's Bluesky repository export (a CAR file): the
    /// `app.bsky.feed.post` records as posts (id the `at://` URI, the record's text
    /// and its facets, replies with the DID of the person answered), reposts
    /// counted as retweets, and the `app.bsky.feed.like` records, which name only
    /// the liked post: with `lookUp` their texts and authors are fetched and the
    /// classifier learns them as `favorite`; without it they are counted.
    ///
    /// A post's pictures are kept in order with their alt texts: the export holds their
    /// blobs' CIDs, not their bytes, which are fetched from `blobService` at send time
    /// (`BlueskyBlobURL`); each is counted found.
    ///
    /// The whole file is read and checked before anything is stored: a malformed
    /// one throws an `InputError` naming the file and the byte, and stores nothing.
    public func importBlueskyRepository(
        at path: String, blobService: URL = BlueskyBlobURL.defaultService, lookUp: BlueskyPostLookup? = nil
    ) async throws -> ImportSummary {
        var summary = ImportSummary()
        summary.files = [path]
        logger.info("import_file", ["file": path])
        let (posts, reposts, liked) = try Self.readRepository(at: path, blobService: blobService)
        summary.mediaFound = posts.reduce(0) { $0 + $1.media.count }
        var collector = PostCollector()
        for post in posts { collector.add(post) }
        for _ in 0..<reposts { collector.countRetweet() }
        try await store(collector, into: &summary)
        guard !liked.isEmpty else { return summary }
        guard let lookUp else {
            summary.likesEmpty = liked.count
            return summary
        }
        var likes: [ArchiveLike] = []
        var looked = 0
        do {
            for start in stride(from: 0, to: liked.count, by: GetPosts.maximum) {
                try Task.checkCancellation()
                let batch = Array(liked[start..<min(start + GetPosts.maximum, liked.count)])
                let found = Dictionary(try await lookUp(batch).map { ($0.id, $0) }) { first, _ in first }
                likes += batch.compactMap { uri in found[uri].map { ArchiveLike(tweetID: uri, text: $0.text, author: $0.authorUsername) } }
                looked += batch.count
                if looked % progressInterval < batch.count { logger.info("import_progress", ["likes_looked_up": looked]) }
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("import_likes_failed", ["looked_up": looked, "error": "\(error)"])
            summary.errors.append("looking up the liked posts stopped after \(looked) of \(liked.count): \(error)")
        }
        // Deleted posts (and those not looked up) have no text to learn.
        summary.likesFound = likes.count
        summary.likesEmpty = liked.count - likes.count
        await train(likes.filter { !$0.text.allSatisfy(\.isWhitespace) }, into: &summary)
        return summary
    }

    /// The posts, the number of reposts and the URIs of the liked posts in the export at `path`.
    static func readRepository(at path: String, blobService: URL = BlueskyBlobURL.defaultService) throws -> (posts: [Post], reposts: Int, likes: [String]) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw InputError(file: path, message: "cannot read the file")
        }
        return try readRepository([UInt8](data), file: path, blobService: blobService)
    }

    /// The same from the export's bytes; errors name `file`.
    static func readRepository(
        _ bytes: [UInt8], file path: String, blobService: URL = BlueskyBlobURL.defaultService
    ) throws -> (posts: [Post], reposts: Int, likes: [String]) {
        do {
            let repository = try BlueskyRepository(car: try BlueskyCARFile(bytes: bytes))
            var posts: [Post] = []
            var reposts = 0
            var likes: [String] = []
            let decoder = JSONDecoder()
            for record in repository.records {
                switch record.collection {
                case BlueskyPostRecord.type:
                    let uri = "at://\(repository.did)/\(record.collection)/\(record.rkey)"
                    let json = try repository.json(of: record.cid, what: "the post \(uri)")
                    let createdAt = try Self.checkPostRecord(
                        json, path: "\(record.collection)/\(record.rkey)", offset: repository.car.offset(of: record.cid) ?? 0)
                    let post = try decoder.decode(BlueskyPostRecord.self, from: json)
                    posts.append(Post(
                        id: uri, text: post.text, createdAt: createdAt,
                        inReplyToUserID: post.reply.flatMap { ATURI($0.parent.uri)?.authority }, facets: BlueskyStoredText.json(post.facets),
                        inReplyToPostID: post.reply?.parent.uri, warning: BlueskyPostMapping.warning(of: post),
                        media: BlueskyPostMapping.media(of: post, did: repository.did, blobService: blobService)))
                case "app.bsky.feed.repost":
                    reposts += 1
                case BlueskyLikeRecord.type:
                    let what = "the like \(record.rkey)"
                    guard let like = try? decoder.decode(ExportedLike.self, from: repository.json(of: record.cid, what: what)) else {
                        throw BlueskyCARFile.Malformed(offset: repository.car.offset(of: record.cid) ?? 0, message: "\(what) has no subject")
                    }
                    likes.append(like.subject.uri)
                default:
                    continue
                }
            }
            return (posts, reposts, likes)
        } catch let error as BlueskyCARFile.Malformed {
            throw InputError(file: path, position: "byte \(error.offset)", message: error.message)
        } catch let error as DecodingError {
            throw InputError(file: path, message: "a record does not decode: \(error.inputMessage)")
        }
    }
}

extension ArchiveImporter {
    /// Refuses a post record that `app.bsky.feed.post` does not allow: `text` missing or
    /// not a string, `createdAt` missing or not an AT Protocol datetime. `text: ""` (an
    /// image-only post) is allowed: it is counted as empty. Returns `createdAt`.
    static func checkPostRecord(_ json: Data, path: String, offset: Int) throws -> Date {
        func refuse(_ why: String) -> BlueskyCARFile.Malformed {
            BlueskyCARFile.Malformed(offset: offset, message: "the record \(path) is not a valid \(BlueskyPostRecord.type): \(why)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { throw refuse("it is not a map") }
        guard let text = object["text"] else { throw refuse("it has no text") }
        guard text is String else { throw refuse("its text is not a string") }
        guard let createdAt = object["createdAt"] else { throw refuse("it has no createdAt") }
        guard let stamp = createdAt as? String else { throw refuse("its createdAt is not a string") }
        guard let date = ATProtoSyntax.date(stamp) else { throw refuse("its createdAt \(stamp.debugDescription) is not an AT Protocol datetime") }
        return date
    }
}

/// A like record as far as the import reads it: the liked post's URI.
private struct ExportedLike: Decodable {
    struct Subject: Decodable { var uri: String }
    var subject: Subject
}
