import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport

extension ArchiveImporter {
    /// Whether `path` is a Mastodon account export (a folder with `outbox.json`, or that file).
    public static func isMastodonExport(_ path: String) -> Bool { MastodonExportLocator.isExport(path) }

    /// Imports a Mastodon account export: the notes of `outbox.json` as posts
    /// (HTML turned into text; boosts skipped as retweets; followers-only and
    /// direct notes skipped; warnings and pictures kept, each picture found in the export's
    /// `media_attachments/` or named missing), and counts `likes.json`, whose entries
    /// are bare URLs without text and cannot train the classifier.
    ///
    /// An outbox with items and not one note to keep is an `InputError` naming the file and
    /// what it holds ("1,586 items, 0 of them notes (…)"), not an import of nothing.
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
            let data = try Self.read(outboxPath)
            let outbox = try Self.decode(MastodonOutbox.self, from: data, file: outboxPath)
            guard outbox.orderedItems != nil else {
                let paged = outbox.isPaged ? " (a live outbox's first page, not an account export's outbox.json)" : ""
                throw InputError(file: outboxPath, message: "no \"orderedItems\": not a Mastodon export's outbox\(paged)")
            }
            if outbox.orderedItems?.isEmpty == true, let earlier = Self.earlierItems(in: data), earlier > 0 {
                throw InputError(file: outboxPath, message: "\"orderedItems\" appears more than once: the last, kept as JavaScript, Python and Ruby read it, is empty; an earlier one holds \(earlier.grouped) items")
            }
            let read = try outbox.posts(file: outboxPath, dates: .mastodon(now: now()))
            if let reason = read.nothingImportable { throw InputError(file: outboxPath, message: reason) }
            collector = read.collector
            summary.privateSkipped = read.privateSkipped
            summary.warningsKept = read.collector.posts.filter { $0.warning != nil }.count
            summary.otherActivities = read.otherTypes
            summary.mediaFound = read.mediaFound
            summary.mediaMissing = read.mediaMissing.map { "note \($0.note): \($0.url) not in the export" }
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
        try decode(type, from: try read(path), file: path)
    }

    static func read(_ path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw InputError(file: path, message: "cannot read the file")
        }
    }

    /// When a repeated key left `orderedItems` empty: how many items the first `orderedItems` held (nil when no key repeats).
    static func earlierItems(in data: Data) -> Int? {
        guard JSONLastKeyWins.repeatedMembers(in: data) > 0 else { return nil }
        struct Items: Decodable {
            struct Item: Decodable { init(from decoder: any Decoder) throws {} }
            var orderedItems: [Item]?
        }
        // JSONDecoder keeps the first of a repeated key.
        return (try? JSONDecoder().decode(Items.self, from: data))?.orderedItems?.count
    }

    /// `data` decoded as a `T`, a repeated key keeping its last value (`JSONLastKeyWins`:
    /// Mastodon has written `"orderedItems":[],"orderedItems":[…]`); any fault is an
    /// `InputError` naming `file`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws -> T {
        do { return try JSONDecoder().decode(T.self, from: JSONLastKeyWins.keepingLast(data)) } catch let error as DecodingError {
            throw InputError(file: file, message: error.inputMessage)
        } catch {
            throw InputError(file: file, message: "not JSON")
        }
    }
}
