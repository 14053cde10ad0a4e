import Foundation
import LogLines
import MirrorBot
import MirrorBotBluesky
import MirrorBotImport
import MirrorBotMastodon
import MirrorBotMisskey
import MirrorBotPostgres
import MirrorBotX
import Postgres

/// `mirror-bot import PATH | --jsonl FILE`: the human's X data archive (or a
/// JSONL file of posts) into storage, beyond the API's 3,200-post cap;
/// POST_LIMIT still applies. Archive likes go to the classifier as `favorite`.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import the human's X data archive (folder, data/tweets.js, data/like.js), Mastodon export (outbox.json), Misskey notes export (notes-*.json), Bluesky repository export (.car) or a JSONL file of posts."
    static let usage = "mirror-bot import PATH | --jsonl FILE"
    static let help = helpText(
        """
        ARGUMENTS:
          PATH           the unzipped archive folder, its data/ folder, or one file
                         (tweets.js, tweet.js, tweets-partN.js, like.js, like-partN.js);
                         or a Mastodon account export: its folder, outbox.json or likes.json;
                         or a Misskey notes export (notes-*.json, or a folder holding them);
                         or a Bluesky repository export (a .car file): with NETWORK=bluesky and the
                         human's HUMAN_BLUESKY_* set, its likes' texts are looked up and learned

        OPTIONS:
          --jsonl FILE   posts, one JSON object a line:
                         {"id","text","created_at","in_reply_to_user_id"?,"in_reply_to_screen_name"?,
                          "in_reply_to_post_id"? (the answered post's id: the human's reply delays)}

        Posts go beyond the X API's 3,200 most recent; POST_LIMIT still applies (the newest are kept).
        Retweets are skipped; replies are kept with whom they answer. A malformed file stores nothing.
        """)

    enum Source: Equatable {
        case archive(String)
        case jsonl(String)
    }

    var source: Source

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["jsonl"], usage: Self.usage)
        switch (parsed.option("jsonl"), parsed.positionals.count) {
        case (let file?, 0):
            source = .jsonl(file)
        case (nil, 1):
            source = .archive(parsed.positionals[0])
        case (nil, 0):
            throw UsageError("missing PATH (an archive folder or file) or '--jsonl FILE'", usage: Self.usage)
        default:
            throw UsageError("give one PATH or '--jsonl FILE', not both or several", usage: Self.usage)
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let log = context.logger(configuration)
        let connection = try await Services.connect(configuration)
        let store = try await PostgresPostStore.open(
            connection: connection, timeZone: configuration.timeZone, limit: configuration.postLimit)
        let trainer = makeFavoriteTrainer(Services(configuration: configuration, log: log), connection: connection)
        let importer = ArchiveImporter(store: store, postLimit: configuration.postLimit, trainFavorites: trainer, logger: log)
        let summary: ImportSummary
        switch source {
        case .archive(let path) where ArchiveImporter.isMastodonExport(resolve(path, in: context)):
            summary = try await importer.importMastodonExport(at: resolve(path, in: context))
        case .archive(let path) where ArchiveImporter.isMisskeyExport(resolve(path, in: context)):
            summary = try await importer.importMisskeyExport(at: resolve(path, in: context))
        case .archive(let path) where ArchiveImporter.isBlueskyRepository(resolve(path, in: context)):
            let services = Services(configuration: configuration, log: log)
            summary = try await importer.importBlueskyRepository(
                at: resolve(path, in: context), blobService: configuration.blueskyServiceURL, lookUp: Self.blueskyLookUp(services))
        case .archive(let path):
            summary = try await importer.importArchive(at: resolve(path, in: context))
        case .jsonl(let path):
            summary = try await importer.importJSONL(at: resolve(path, in: context))
        }
        log.info("import_done", [
            "posts_read": summary.postsRead, "stored": summary.stored, "duplicates": summary.duplicates,
            "retweets": summary.retweets, "empty": summary.empty, "over_limit": summary.overLimit,
            "likes_found": summary.likesFound, "likes_without_text": summary.likesEmpty, "private_skipped": summary.privateSkipped, "content_warned": summary.contentWarned, "warnings_kept": summary.warningsKept,
            "deleted": summary.deleted, "long_posts_completed": summary.longPostsCompleted,
            "other_activities": summary.otherActivities.values.reduce(0, +), "likes_trained": summary.likesTrained, "errors": summary.errors.count,
            "media_found": summary.mediaFound, "media_missing": summary.mediaMissing.count,
        ])
        for missing in summary.mediaMissing { log.warning("media_missing", ["detail": missing]) }
        context.output(Self.describe(summary))
        if let file = summary.archiveTimeZoneFile {
            context.output(Self.describeTimeZone(archive: summary.archiveTimeZone, file: file, timeZone: configuration.timeZone))
        }
        for error in summary.errors {
            FileHandle.standardError.write(Data("Error: \(Redactor(secrets: configuration.secrets).redact(error))\n".utf8))
        }
        return summary.errors.isEmpty ? 0 : 1
    }

    /// With NETWORK=bluesky and the human's identifier and app password set, the human's
    /// session looks up the liked posts; otherwise exported likes are only counted.
    static func blueskyLookUp(_ services: Services) -> ArchiveImporter.BlueskyPostLookup? {
        guard services.configuration.network == .bluesky, let human = try? services.blueskyNetwork(.human) else { return nil }
        return { uris in try await human.posts(uris: uris) }
    }

    private func resolve(_ path: String, in context: CommandContext) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory)).path
    }

    /// What the archive's `account-timezone.js` says, beside the zone the posts are placed in.
    static func describeTimeZone(archive: String?, file: String, timeZone: TimeZone) -> String {
        guard let archive else {
            return "\(URL(fileURLWithPath: file).lastPathComponent) names no time zone: posts are placed in TIME_ZONE (\(timeZone.identifier))."
        }
        return "The archive's time zone is \"\(archive)\" (\(URL(fileURLWithPath: file).lastPathComponent)); posts are placed in TIME_ZONE (\(timeZone.identifier))."
    }

    /// The human line: "Imported 1200 posts (30 already stored, 45 retweets skipped); likes: 300 trained."
    static func describe(_ summary: ImportSummary) -> String {
        var skipped = ["\(summary.duplicates) already stored", "\(summary.retweets) retweets skipped"]
        if summary.empty > 0 { skipped.append("\(summary.empty) empty skipped") }
        if summary.privateSkipped > 0 {
            let warned = summary.contentWarned > 0 ? " (\(summary.contentWarned) of them content-warned)" : ""
            skipped.append("\(summary.privateSkipped) followers-only, direct or content-warned skipped\(warned)")
        }
        if summary.deleted > 0 { skipped.append("\(summary.deleted) deleted skipped") }
        if summary.warningsKept > 0 { skipped.append("\(summary.warningsKept) kept with their content warning, never posted where it cannot go") }
        for (type, count) in summary.otherActivities.sorted(by: { $0.key < $1.key }) {
            skipped.append("\(count) \(type) activities skipped")
        }
        if summary.overLimit > 0 { skipped.append("\(summary.overLimit) older than the newest POST_LIMIT not kept") }
        var line = "Imported \(summary.stored) posts (\(skipped.joined(separator: ", ")))"
        if summary.longPostsCompleted > 0 { line += "; \(summary.longPostsCompleted) long posts whole from note-tweet.js" }
        if summary.mediaFound + summary.mediaMissing.count > 0 {
            line += "; pictures: \(summary.mediaFound) found"
            if !summary.mediaMissing.isEmpty { line += ", \(summary.mediaMissing.count) missing from the export (each named in a media_missing line; their posts never go out without them)" }
        }
        if summary.likesFound > 0 {
            line += "; likes: \(summary.likesTrained) of \(summary.likesFound) trained"
        }
        if summary.likesEmpty > 0 && summary.likesFound == 0 {
            line += "; \(summary.likesEmpty) likes without text, not trained"
        }
        return line + "."
    }
}
