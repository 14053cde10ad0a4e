import FakeMastodon
import FakeMisskey
import FakeX
import Foundation
import MirrorBot
import Postgres
import TestSupport
import Testing

/// Issue 40: a post of the human's behind a content warning is reposted with it where the
/// network carries it (Mastodon, Misskey), and never where it cannot (X).
@Suite("mirror-bot start with the human's warned posts", .serialized)
struct ContentWarningEndToEndTests {
    /// Every stored original of the human's put behind a warning, as an export's would be.
    static func warnEveryOriginal(_ connection: PostgresConnection) async throws {
        try await connection.query("""
            UPDATE posts SET content_warning = 'ネタバレ', sensitivity = '{sensitive}' WHERE in_reply_to_user_id IS NULL
            """)
    }

    @Test("on Mastodon the planned slot's warned post goes out behind the same spoiler_text, marked sensitive")
    func mastodonCarriesTheWarning() async throws {
        try await MastodonDaemonHarness.ready { harness in
            try await Self.warnEveryOriginal(harness.connection)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.posts.isEmpty }, "\(harness.output)")
            let posted = harness.server.writes.compactMap { if case .post(let id, _, _, _) = $0 { id } else { nil } }
            let status = try #require(posted.first.flatMap { harness.server.status(id: $0) })
            #expect(status.text.hasPrefix(DaemonWorldHistory.humanOriginal))
            #expect(status.spoilerText == "ネタバレ")
            #expect(status.sensitive)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("on Misskey the planned slot's warned post goes out behind the same cw")
    func misskeyCarriesTheWarning() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            try await Self.warnEveryOriginal(harness.connection)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { !harness.notes.isEmpty }, "\(harness.output)")
            let note = try #require(harness.server.notes(of: MisskeyDaemonHarness.bot).first { $0.replyId == nil })
            #expect(note.text?.hasPrefix(DaemonWorldHistory.humanOriginal) == true)
            #expect(note.cw == "ネタバレ")
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("on X a warned post is never posted: the slot is skipped saying so, nothing goes out")
    func xNeverPostsIt() async throws {
        try await DaemonHarness.ready { harness in
            try await Self.warnEveryOriginal(harness.connection)
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=slot_skipped") }, "\(harness.output)")
            #expect(await harness.waitForMoreRounds(), "\(harness.output)")
            #expect(harness.posts.isEmpty)
            #expect(harness.output.contains(#"reason="only posts behind a content warning fit; this network cannot carry it""#), "\(harness.output)")
            #expect(harness.stop(daemon) == 0)
        }
    }
}
