import Foundation
import Testing

/// What a daemon world shows of the bot's writes on its fake network.
protocol DaemonWriteLog {
    /// Replies, likes (favourites) and planned posts the fake accepted.
    var writeCounts: (replies: Int, likes: Int, posts: Int) { get }
    var writeCount: Int { get }
    /// The texts of the bot's planned posts and of its replies, as the fake accepted them.
    var postedTexts: [String] { get }
    var replyTexts: [String] { get }
    func replied(to target: String) -> Bool
    /// The friend mentions the bot again; returns the new post's id.
    func friendMentionsBotAgain() -> String
}

/// What the acquaintances post while the daemon runs, on any network.
struct Activity {
    /// The friend mentions the bot (answered), a stranger mentions it (silence).
    var friendMention: String, strangerMention: String
    /// On the bot's home timeline: a post the human would like, its repost (retweet, boost), a meeting post.
    var ramen: String, repost: String, meeting: String
}

/// A world that can post as the acquaintances (ids 3 friend, 4 stranger, 5 foodie, 6 reposter).
protocol ActivityPosting {
    /// Posts `text` as `author`, `secondsAgo` before now (a repost of `repostOf` when set); returns its id.
    func post(as author: String, _ text: String, secondsAgo: Double, repostOf: String?) -> String
    /// The ramen post's text (the Mastodon world adds a hashtag).
    var ramenText: String { get }
}

extension ActivityPosting {
    /// Posts the acquaintances make: mentions of the bot and posts on its home timeline.
    func addActivity() -> Activity {
        let ramen = post(as: "5", ramenText, secondsAgo: 30, repostOf: nil)
        return Activity(
            friendMention: post(as: "3", "@mirror 元気？", secondsAgo: 50, repostOf: nil),
            strangerMention: post(as: "4", "@mirror はじめまして", secondsAgo: 40, repostOf: nil),
            ramen: ramen,
            repost: post(as: "6", "RT @foodie: " + ramenText, secondsAgo: 20, repostOf: ramen),
            meeting: post(as: "6", "明日の会議の資料を準備しないと", secondsAgo: 10, repostOf: nil))
    }
}

/// Scenarios that read the same on every network: each harness runs them.
extension DaemonWorld where Self: DaemonWriteLog {
    /// Starts one daemon, waits for a reply, a like and a post; stops it, starts another:
    /// nothing is repeated, and a new mention is answered.
    func restartRepeatsNothing() async throws {
        let first = try startDaemon()
        #expect(await waitFor(30) { writeCounts == (1, 1, 1) }, "\(output)")
        #expect(stop(first) == 0)
        let writes = writeCount

        let second = try startDaemon()
        #expect(await waitFor(30) { output.components(separatedBy: "event=started").count == 3 })
        #expect(await waitForMoreRounds(), "\(output)")
        #expect(writeCount == writes, "\(writeCounts) of \(writeCount) writes, \(writes) before the restart\n\(output)")

        let again = friendMentionsBotAgain()
        #expect(await waitFor(20) { replied(to: again) }, "\(output)")
        #expect(writeCounts.replies == 2, "\(output)")
        #expect(stop(second) == 0)
    }

    /// Two daemons at once: one reply, one like, one post.
    func twoDaemonsDoNothingTwice() async throws {
        let a = try startDaemon()
        let b = try startDaemon()
        #expect(await waitFor(30) { writeCounts.replies >= 1 && writeCounts.likes >= 1 && writeCounts.posts >= 1 }, "\(output)")
        #expect(await waitForMoreRounds(), "\(output)")
        #expect(writeCounts == (1, 1, 1))
        #expect(stop(a) == 0)
        #expect(stop(b) == 0)
    }
}
