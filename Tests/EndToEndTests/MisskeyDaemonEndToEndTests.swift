import FakeMisskey
import Foundation
import MirrorBot
import TestSupport
import Testing

@Suite("mirror-bot start against the fake Misskey", .serialized)
struct MisskeyDaemonEndToEndTests {
    @Test("posts the planned slot at home, answers the friend once, ignores the stranger, reacts ❤ to the ramen note but not its renote")
    func fourBehaviours() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            let activity = harness.addActivity()
            let daemon = try harness.startDaemon()

            #expect(harness.waitForEachWrite(), "\(harness.output)")
            #expect(harness.waitForMoreRounds(), "\(harness.output)")

            let replies = harness.replies
            #expect(replies.count == 1)
            #expect(replies.first?.target == activity.friendMention)
            #expect(replies.first?.visibility == "home")
            #expect(MisskeyDaemonHarness.friendReplies.contains { replies.first?.text.contains($0) == true }, "\(replies)")
            #expect(harness.reactions.map(\.note) == [activity.ramen])
            #expect(harness.reactions.map(\.reaction) == ["❤"])
            #expect(harness.notes.count == 1)
            #expect(harness.notes.first?.text.hasPrefix(MisskeyDaemonHarness.humanOriginal) == true)
            #expect(harness.notes.first?.visibility == "home")

            let output = harness.output
            #expect(output.contains("event=started"))
            #expect(output.contains("network=misskey"))
            harness.expectFourBehavioursLogged(in: output, passedOver: activity.meeting, secrets: ["BOT_MISSKEY_TOKEN", "HUMAN_MISSKEY_TOKEN"])
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("after SIGTERM and a restart nothing is repeated, and new mentions are answered")
    func restartRepeatsNothing() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            _ = harness.addActivity()
            try harness.restartRepeatsNothing()
        }
    }

    @Test("two daemons at once do nothing twice")
    func twoDaemons() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            _ = harness.addActivity()
            try harness.twoDaemonsDoNothingTwice()
        }
    }

    @Test("with Misskey failing a fifth of the time, a lost note answer and a proxy's 429, the daemon stays up and does each thing once")
    func survivesFaults() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            harness.server.setFaultProbability(0.2, fault: .serverError(status: 500))
            harness.server.injectFault(.garbageBody, count: 3)
            harness.server.injectProcessing(repeats: 1)
            harness.server.injectProxyRateLimit(count: 2, retryAfter: 1)
            _ = harness.addActivity()
            let daemon = try harness.startDaemon()
            #expect(harness.waitForEachWrite(60), "\(harness.output)")
            #expect(harness.waitForMoreRounds(), "\(harness.output)")
            #expect(daemon.isRunning)
            #expect(harness.writeCounts == (1, 1, 1))
            #expect(harness.server.notes(of: MisskeyDaemonHarness.bot).count == 2)
            #expect(harness.stop(daemon) == 0)
        }
    }

    @Test("a bad token stops start-up with a clear error that does not contain the token")
    func badToken() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            try harness.expectStartUpRefused("BOT_MISSKEY_TOKEN", wrong: "wrong-token-value-0123456789abcdef", saying: "AUTHENTICATION_FAILED")
        }
    }
}

@Suite("mirror-bot import of a Misskey notes export", .serialized)
struct MisskeyImportEndToEndTests {
    @Test("the human's own notes are stored and counted, renotes skipped; a malformed export is refused naming the item, nothing stored")
    func importExport() async throws {
        try await MisskeyDaemonHarness.with { harness in
            try await harness.setUp()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("misskey-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            func note(_ id: String, _ text: String?, renote: String? = nil, visibility: String = "public") -> String {
                let textJSON = text.map { "\"\($0)\"" } ?? "null"
                let renoteJSON = renote.map { "\"\($0)\"" } ?? "null"
                return #"{"id":"\#(id)","text":\#(textJSON),"createdAt":"2024-03-01T10:00:00.000Z","fileIds":[],"files":[],"replyId":null,"renoteId":\#(renoteJSON),"poll":null,"cw":null,"visibility":"\#(visibility)","visibleUserIds":[],"localOnly":false,"reactionAcceptance":null}"#
            }
            let good = folder.appendingPathComponent("notes-2024-03-02-00-00-00.json")
            try Data(("[" + [
                note("9q1b2c3d4e0a0001", "エクスポートからのノート"), note("9q1b2c3d4e0a0002", "おうちで", visibility: "home"),
                note("9q1b2c3d4e0a0003", nil, renote: "9zzzzzzzzz0a0001"), note("9q1b2c3d4e0a0004", "内緒", visibility: "followers"),
            ].joined(separator: ",\n") + "]").utf8).write(to: good)
            let result = try BinaryRunner.run(["import", good.path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Imported 2 posts (0 already stored, 1 retweets skipped"), "\(result.stdout)")
            #expect(result.stdout.contains("1 followers-only, direct or content-warned skipped"), "\(result.stdout)")

            let bad = folder.appendingPathComponent("notes-2024-03-03-00-00-00.json")
            try Data(("[" + note("9q1b2c3d4e0a0005", "新しい") + ",\n{\"id\":\"9q1b2c3d4e0a0006\"}]").utf8).write(to: bad)
            let refused = try BinaryRunner.run(["import", bad.path], environment: harness.environment)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(bad.path + ", [1]: the note cannot be read"), "\(refused.stderr)")
            let stored = try await harness.connection.query("SELECT count(*)::int AS n FROM posts WHERE id LIKE '9q1b%'").first?.decode("n", as: Int.self)
            #expect(stored == 2)
        }
    }
}
