import Foundation
import TestSupport
import Testing

@Suite("mirror-bot doctor on Misskey: is the bot account flagged isBot?", .serialized)
struct MisskeyDoctorEndToEndTests {
    @Test("a bot account flagged isBot passes; one without the flag gets a warning naming the setting, not a failure; no token is shown")
    func botFlag() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            let (flagged, lines) = try harness.passingDoctor()
            #expect(lines.contains { $0.hasPrefix("ok    misskey bot") && $0.contains("marked as a bot") }, "\(flagged.stdout)")
            #expect(!lines.contains { $0.hasPrefix("warn  misskey") }, "\(flagged.stdout)")

            harness.server.updateUser(MisskeyDaemonHarness.bot, isBot: false)
            let (unflagged, _) = try harness.passingDoctor()
            #expect(unflagged.stdout.contains("warn  misskey bot"), "\(unflagged.stdout)")
            #expect(unflagged.stdout.contains("not marked as a bot (Settings → Profile → This account is a bot)"), "\(unflagged.stdout)")
            for secret in ["BOT_MISSKEY_TOKEN", "HUMAN_MISSKEY_TOKEN"] {
                #expect(!(flagged.stdout + flagged.stderr + unflagged.stdout + unflagged.stderr).contains(harness.environment[secret] ?? "-"))
            }
        }
    }
}
