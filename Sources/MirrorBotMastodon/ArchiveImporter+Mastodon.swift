import Foundation
import MirrorBot

extension ArchiveImporter {
    /// Whether `path` is a Mastodon account export (a folder with `outbox.json`, or that file).
    public static func isMastodonExport(_ path: String) -> Bool { MastodonExportLocator.isExport(path) }

    /// Imports a Mastodon account export: the notes of `outbox.json` as posts
    /// (HTML turned into text; boosts skipped as retweets; followers-only,
    /// direct and content-warned notes skipped), and counts `likes.json`, whose entries
    /// are bare URLs without text and cannot train the classifier.
    public func importMastodonExport(at path: String) async throws -> ImportSummary {
        guard let files = MastodonExportLocator.files(at: path) else {
            throw InputError(file: path, message: "no outbox.json or likes.json here")
        }
        var summary = ImportSummary()
        var collector = PostCollector()
        // The whole outbox is read and checked first: a malformed item stores nothing (see `MastodonOutbox.posts`).
        if let outboxPath = files.outbox {
            summary.files.append(outboxPath)
            logger.info("import_file", ["file": outboxPath])
            let read = try Self.decode(MastodonOutbox.self, at: outboxPath).posts(file: outboxPath, dates: .mastodon(now: now()))
            collector = read.collector
            summary.privateSkipped = read.privateSkipped
        }
        // Every file is checked before anything is stored: a malformed likes.json stores nothing either.
        if let likesPath = files.likes {
            summary.files.append(likesPath)
            logger.info("import_file", ["file": likesPath])
            summary.likesEmpty = try Self.decode(LikesCollection.self, at: likesPath).orderedItems.count
        }
        try await store(collector, into: &summary)
        return summary
    }

    /// `likes.json`: an OrderedCollection of liked status URLs.
    struct LikesCollection: Decodable {
        var orderedItems: [String]
    }

    static func decode<T: Decodable>(_ type: T.Type, at path: String) throws -> T {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw InputError(file: path, message: "cannot read the file")
        }
        return try decode(type, from: data, file: path)
    }

    /// `data` decoded as a `T`; any fault is an `InputError` naming `file`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws -> T {
        do { return try JSONDecoder().decode(T.self, from: data) } catch let error as DecodingError {
            throw InputError(file: file, message: error.inputMessage)
        } catch {
            throw InputError(file: file, message: "not JSON")
        }
    }
}
