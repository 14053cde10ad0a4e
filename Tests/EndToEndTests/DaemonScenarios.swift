import Foundation
import Testing

/// What a daemon world shows of the bot's writes on its fake network.
protocol DaemonWriteLog {
    /// Replies, likes (favourites) and planned posts the fake accepted.
    var writeCounts: (replies: Int, likes: Int, posts: Int) { get }
    var writeCount: Int { get }
    func replied(to target: String) -> Bool
    /// The friend mentions the bot again; returns the new post's id.
    func friendMentionsBotAgain() -> String
}

/// Scenarios that read the same on every network: each harness runs them.
extension DaemonWorld where Self: DaemonWriteLog {
    /// Starts one daemon, waits for a reply, a like and a post; stops it, starts another:
    /// nothing is repeated, and a new mention is answered.
    func restartRepeatsNothing() throws {
        let first = try startDaemon()
        #expect(waitFor(30) { writeCounts == (1, 1, 1) }, "\(output)")
        #expect(stop(first) == 0)
        let writes = writeCount

        let second = try startDaemon()
        #expect(waitFor(30) { output.components(separatedBy: "event=started").count == 3 })
        #expect(waitForMoreRounds(), "\(output)")
        #expect(writeCount == writes)

        let again = friendMentionsBotAgain()
        #expect(waitFor(20) { replied(to: again) }, "\(output)")
        #expect(writeCounts.replies == 2)
        #expect(stop(second) == 0)
    }

    /// Two daemons at once: one reply, one like, one post.
    func twoDaemonsDoNothingTwice() throws {
        let a = try startDaemon()
        let b = try startDaemon()
        #expect(waitFor(30) { writeCounts.replies >= 1 && writeCounts.likes >= 1 && writeCounts.posts >= 1 }, "\(output)")
        #expect(waitForMoreRounds(), "\(output)")
        #expect(writeCounts == (1, 1, 1))
        #expect(stop(a) == 0)
        #expect(stop(b) == 0)
    }
}
