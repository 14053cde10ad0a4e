import Foundation
import TestSupport
import Testing

/// The checks every network's daemon run shares (X, Mastodon, Bluesky, Misskey); each test
/// adds what its network does its own way (reply targets, visibility, the reaction).
extension DaemonWorld where Self: DaemonWriteLog {
    /// Waits up to `timeout` until the fake accepted at least one reply, one like and one post.
    func waitForEachWrite(_ timeout: TimeInterval = 30) async -> Bool {
        await waitFor(timeout) { writeCounts.replies >= 1 && writeCounts.likes >= 1 && writeCounts.posts >= 1 }
    }
}

extension DaemonWorld {
    /// The run's `output` (as the test read it) says the stranger's mention got silence, a post
    /// was liked, the planned slot posted and the meeting post (`meeting`) not liked; and it
    /// holds none of the values of the environment's `secrets`.
    func expectFourBehavioursLogged(
        in output: String, passedOver meeting: String, secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(output.contains("event=reply_silent"), sourceLocation: sourceLocation)
        #expect(output.contains("event=liked"), sourceLocation: sourceLocation)
        #expect(output.contains("event=posted"), sourceLocation: sourceLocation)
        #expect(output.contains("event=not_liked loop=likes post=\(meeting)"), sourceLocation: sourceLocation)
        for secret in secrets {
            #expect(!output.contains(environment[secret] ?? "-"), sourceLocation: sourceLocation)
        }
    }

    /// Start-up with the credential `variable` set to the wrong `value` stops on its own with a
    /// non-zero status, the log says the network's refusal (`refusal`) and never the value.
    func expectStartUpRefused(
        _ variable: String, wrong value: String, saying refusal: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let daemon = try startDaemon([variable: value])
        #expect(await waitFor(20) { !daemon.isRunning }, "\(output)", sourceLocation: sourceLocation)
        #expect(daemon.terminationStatus != 0, sourceLocation: sourceLocation)
        #expect(output.contains(refusal), sourceLocation: sourceLocation)
        #expect(!output.contains(value), sourceLocation: sourceLocation)
    }

    /// `mirror-bot doctor` with the world's environment, which passes (exits 0): its result and its lines.
    func passingDoctor(sourceLocation: SourceLocation = #_sourceLocation) throws -> (result: BinaryRunner.Result, lines: [String]) {
        let result = try BinaryRunner.run(["doctor"], environment: environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        return (result, result.stdout.split(separator: "\n").map(String.init))
    }

    /// `mirror-bot doctor` with `variable` set to the `wrong` value, which fails (exits 1) without
    /// showing it: its result and its lines.
    func failingDoctor(
        _ variable: String, wrong value: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (result: BinaryRunner.Result, lines: [String]) {
        var environment = self.environment
        environment[variable] = value
        let result = try BinaryRunner.run(["doctor"], environment: environment)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(!result.stdout.contains(value), sourceLocation: sourceLocation)
        return (result, result.stdout.split(separator: "\n").map(String.init))
    }
}
