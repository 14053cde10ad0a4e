import Foundation
import MirrorBot
import MirrorBotBluesky
import MirrorBotImport
import MirrorBotMastodon
import MirrorBotPostgres
import MirrorBotX
import TestSupport
import Testing

/// `../shared/realdata` beside the repository (or beside a folder above it, as for a git
/// worktree): exports the platforms themselves wrote (see its README), read-only and never
/// copied here. CI has it. Without it the tests that read it fail where services are required
/// (`MIRROR_BOT_REQUIRE_SERVICES=1`, as scripts/test.sh and CI run them), else one line says so.
enum RealData {
    static let root: URL? = {
        // Tests/AdapterTests/RealData/<file> -> the repository -> ../shared/realdata.
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            let data = folder.appendingPathComponent("shared/realdata")
            if FileManager.default.fileExists(atPath: data.appendingPathComponent("README.md").path) { return data }
        }
        print("RealExportTests: no shared/realdata beside the repository or a folder above it: the real exports were not imported (CI has them)")
        return nil
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String { "shared/realdata is absent beside the repository, and MIRROR_BOT_REQUIRE_SERVICES=1 requires it" }
    }

    /// `root`; its absence is an error where services are required.
    static func folder() throws -> URL? {
        if let root { return root }
        if ProcessInfo.processInfo.environment["MIRROR_BOT_REQUIRE_SERVICES"] == "1" { throw Missing() }
        return nil
    }
}

/// Each real export imported into a fresh schema; what is stored checked against its README's
/// figures. A reply, as the project defines it, is a post addressed to someone: X
/// `in_reply_to_user_id` set, Mastodon `inReplyTo` set, Bluesky a `reply` in the record; it is
/// stored with whom it answers (`in_reply_to_user_id`) and never reposted. An original is any
/// other post the bot keeps. What the README does not count (visibility by reply, empty texts)
/// comes from `scripts/realdata-figures.py`, which counts the files by these rules in Python.
@Suite("The real exports in ../shared/realdata import with the counts their README supports (issue 22)")
struct RealExportTests {
    struct Stored: Equatable {
        var originals: Int
        var replies: Int
        /// Behind a content warning (`content_warning` set), and of them originals (issue 40).
        var warned = 0
        var warnedOriginals = 0
        /// Labelled sensitive (Mastodon's `sensitive`), with a warning or without.
        var sensitive = 0
        /// Media stored with an alt text.
        var mediaWithAlt = 0
    }

    func importing(_ name: String, _ run: (ArchiveImporter, String) async throws -> ImportSummary) async throws -> (ImportSummary, Stored)? {
        guard let root = try RealData.folder() else { return nil }
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 100_000)
        let summary = try await run(ArchiveImporter(store: store, postLimit: 100_000), root.appendingPathComponent(name).path)
        let row = try #require(try await db.connection.query("""
            SELECT count(*) FILTER (WHERE in_reply_to_user_id IS NULL) AS originals,
                   count(*) FILTER (WHERE in_reply_to_user_id IS NOT NULL) AS replies,
                   count(*) FILTER (WHERE content_warning IS NOT NULL) AS warned,
                   count(*) FILTER (WHERE content_warning IS NOT NULL AND in_reply_to_user_id IS NULL) AS warned_originals,
                   count(*) FILTER (WHERE 'sensitive' = ANY(sensitivity)) AS sensitive,
                   (SELECT count(*) FROM posts p, jsonb_array_elements(p.media) m WHERE m ? 'a') AS media_with_alt FROM posts
            """).first)
        let stored = Stored(
            originals: try row.decode("originals", as: Int.self), replies: try row.decode("replies", as: Int.self),
            warned: try row.decode("warned", as: Int.self), warnedOriginals: try row.decode("warned_originals", as: Int.self),
            sensitive: try row.decode("sensitive", as: Int.self), mediaWithAlt: try row.decode("media_with_alt", as: Int.self))
        try await db.database.drop()
        return (summary, stored)
    }

    @Test("X archives: every non-retweet stored, replies as addressed to a user", arguments: [
        // README: entries, retweets ("RT @"), addressed to a user (in_reply_to_user_id set), likes (with text, without).
        // Pictures (issue 40, realdata-figures.py): the originals' media items whose file is in the archive's
        // media folder, and those named missing (andreruffert-twitter has no media folder).
        ("x/TweetArchive", 1163, 29, 250, 4012, 0, "Tokyo", 84, 0),
        ("x/andreruffert-twitter", 1986, 643, 553, 1358, 1, "Berlin", 0, 76),
    ])
    func xArchive(
        name: String, entries: Int, retweets: Int, replies: Int, likes: Int, likesWithoutText: Int, zone: String, mediaFound: Int,
        mediaMissing: Int
    ) async throws {
        guard let (summary, stored) = try await importing(name, { try await $0.importArchive(at: $1) }) else { return }
        #expect(summary.postsRead == entries)
        #expect(summary.retweets == retweets)
        #expect(stored == Stored(originals: entries - retweets - replies, replies: replies))
        #expect(summary.stored == entries - retweets)
        #expect(summary.empty == 0 && summary.deleted == 0 && summary.duplicates == 0)
        #expect(summary.likesFound == likes)
        #expect(summary.likesEmpty == likesWithoutText)
        #expect(summary.archiveTimeZone == zone)
        #expect(summary.mediaFound == mediaFound)
        #expect(summary.mediaMissing.count == mediaMissing)
    }

    @Test("Mastodon exports: public and unlisted notes stored, warned ones with their warning; the rest counted by reason", arguments: [
        // README: items, Create, Announce, replies, originals public or unlisted; likes.
        // realdata-figures.py: of the notes, followers-only or direct / content-warned (public) / empty; stored originals
        // (unwarned), replies (unwarned); warned originals; sensitive without a warning (public, with text).
        // Pictures (issue 40): notes with media and no text are kept (none is empty); of the public notes'
        // attachments, those whose file is in media_attachments/ and those named missing.
        ("mastodon/Mastodon-archive", 1476, 1425, 51, 161, 1234, 498, 33, 66, 0, 1181, 145, 53, 3, 32, 139),
        ("mastodon/goija-mastodon", 305, 292, 13, 228, 64, 8, 0, 0, 0, 64, 228, 0, 0, 0, 52),
    ])
    func mastodon(name: String, items: Int, creates: Int, announces: Int, replies: Int, publicOriginals: Int, likes: Int,
                  closed: Int, warned: Int, empty: Int, storedOriginals: Int, storedReplies: Int,
                  warnedOriginals: Int, sensitiveUnwarned: Int, mediaFound: Int, mediaMissing: Int) async throws {
        guard let (summary, stored) = try await importing(name, { try await $0.importMastodonExport(at: $1) }) else { return }
        #expect(summary.retweets == announces)
        #expect(summary.postsRead + summary.privateSkipped == items)
        #expect(summary.privateSkipped == closed)
        // Every public warned note is kept with its warning (issue 40), and marked sensitive as Mastodon marks it.
        #expect(stored.warned == warned)
        #expect(stored.warnedOriginals == warnedOriginals)
        #expect(stored.sensitive == warned + sensitiveUnwarned)
        #expect(summary.warningsKept == warned + sensitiveUnwarned)
        #expect(summary.empty == empty)
        #expect(summary.mediaFound == mediaFound)
        #expect(summary.mediaMissing.count == mediaMissing)
        #expect(stored.replies == storedReplies + warned - warnedOriginals)
        #expect(stored.replies <= replies)
        // Every note is stored or skipped for a reason.
        #expect(stored.originals + stored.replies + summary.privateSkipped + summary.empty == creates)
        // Originals: the README's public or unlisted ones, less those without text (warned ones kept).
        #expect(stored.originals <= publicOriginals)
        #expect(stored.originals >= publicOriginals - empty)
        #expect(stored.originals == storedOriginals + warnedOriginals)
        #expect(summary.likesEmpty == likes)
    }

    @Test("Bluesky repositories (v2 without rev, v3, blocks outside the tree): posts stored with their pictures, empty ones counted", arguments: [
        // README: posts (replies), reposts, likes. realdata-figures.py: posts without text or media, of them replies;
        // images (embed images and recordWithMedia's), of them with alt text (issue 40).
        ("bluesky/bnewbold.car", 23, 2, 1, 2, 0, 0, 4, 2),
        ("bluesky/paul_staging.repo.car", 101, 19, 15, 60, 0, 0, 70, 0),
        ("bluesky/valid_repo.car", 4, 2, 0, 0, 0, 0, 0, 0),
    ])
    func bluesky(
        name: String, posts: Int, replies: Int, reposts: Int, likes: Int, empty: Int, emptyReplies: Int, images: Int, withAlt: Int
    ) async throws {
        guard let (summary, stored) = try await importing(name, { try await $0.importBlueskyRepository(at: $1) }) else { return }
        #expect(summary.postsRead == posts + reposts)
        #expect(summary.retweets == reposts)
        #expect(summary.empty == empty)
        #expect(summary.mediaFound == images)
        #expect(summary.mediaMissing.isEmpty)
        #expect(stored == Stored(originals: posts - replies - (empty - emptyReplies), replies: replies - emptyReplies, mediaWithAlt: withAlt))
        #expect(summary.likesEmpty == likes)
    }
}
