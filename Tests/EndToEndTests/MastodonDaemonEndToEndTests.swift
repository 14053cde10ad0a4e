import FakeMastodon
import Foundation
import MirrorBot
import TestSupport
import Testing

@Suite("mirror-bot start against the fake Mastodon", .serialized)
struct MastodonDaemonEndToEndTests {
    @Test("a posting 429 with a reset three hours away leaves mentions, timelines and favourites running; posting resumes at the reset")
    func postingLimitSpent() async throws {
        try await MastodonDaemonHarness.ready { harness in
            // Mastodon's statuses family spent: the bot's next post opens three refused hours.
            harness.server.setRateLimit(.statuses, limit: 0, window: 3 * 3600)
            let activity = harness.addActivity()
            let started = Date()
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) {
                harness.favourites.count >= 1 && Self.line(in: harness.output, event: "round_deferred")?.contains(" loop=posting") == true
                    && harness.output.contains("event=replies_deferred")
            }, "\(harness.output)")
            #expect(await harness.waitForMoreRounds(), "\(harness.output)")
            #expect(daemon.isRunning)

            #expect(harness.favourites == [activity.ramen])
            #expect(harness.posts.isEmpty && harness.replies.isEmpty)
            let postAttempts = harness.server.requests.filter { $0.endpoint == "POST /api/v1/statuses" }
            // One refusal per loop that posts at most (both may be on the way before the first 429 lands); the book holds the rest.
            #expect((1...2).contains(postAttempts.count) && postAttempts.allSatisfy { $0.status == 429 })
            let output = harness.output
            #expect(!output.contains("event=round_failed"), "\(output)")
            let resume = try #require(Self.resumeTime(in: output, event: "round_deferred"))
            #expect(abs(resume.timeIntervalSince(started) - 3 * 3600) < 60, "\(resume)")
            #expect(output.components(separatedBy: "event=round_deferred").count == 2)
            #expect(harness.stop(daemon) == 0)
        }
    }

    /// The first line of `event`.
    static func line(in output: String, event: String) -> Substring? {
        output.split(separator: "\n").first { $0.contains(" event=\(event) ") }
    }

    /// The `resume_at` of the first `event` line.
    static func resumeTime(in output: String, event: String) -> Date? {
        guard let line = line(in: output, event: event),
            let field = line.split(separator: " ").first(where: { $0.hasPrefix("resume_at=") })
        else { return nil }
        return ISO8601DateFormatter().date(from: String(field.dropFirst("resume_at=".count)))
    }

}

@Suite("mirror-bot import of a Mastodon export, then start", .serialized)
struct MastodonImportEndToEndTests {
    @Test("the export's replies answer a mention from the same person, matched by name")
    func importThenAnswer() async throws {
        try await MastodonDaemonHarness.ready { harness in
            let booster = MastodonExportFixture.host + "/users/booster"
            let export = MastodonExportFixture(
                items: [
                    .note(id: "500", published: "2023-05-01T10:00:00Z", html: "<p>エクスポートからの投稿</p>"),
                    .note(id: "501", published: "2023-05-02T10:00:00Z",
                          html: "<p><span class=\"h-card\"><a href=\"\(MastodonExportFixture.host)/@booster\" class=\"u-url mention\">@<span>booster</span></a></span> また今度ね</p>",
                          inReplyTo: booster + "/statuses/1", mentions: [(booster, "@booster")]),
                    .boost(id: "502", published: "2023-05-03T10:00:00Z", of: booster + "/statuses/2"),
                ],
                likes: [booster + "/statuses/3"])
            let folder = try export.write()
            let result = try BinaryRunner.run(["import", folder.path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Imported 2 posts (0 already stored, 1 retweets skipped); 1 likes without text, not trained."), "\(result.stdout)")

            // The exported reply is still on the server (the bot looks it up before it reuses it).
            harness.server.addStatus(id: "501", accountID: MastodonDaemonHarness.human, text: "@booster また今度ね")
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.output.contains("event=started") }, "\(harness.output)")
            let mention = harness.server.addStatus(accountID: MastodonDaemonHarness.booster, text: "@mirror 久しぶり")
            #expect(await harness.waitFor(20) { harness.replies.contains { $0.target == mention } }, "\(harness.output)")
            #expect(harness.replies.first { $0.target == mention }?.text == "@booster また今度ね")
            #expect(harness.stop(daemon) == 0)
        }
    }
}
