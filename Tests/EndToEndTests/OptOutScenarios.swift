import Foundation
import TestSupport
import Testing

/// A daemon world where people can say no: the friend (who the human replied to) and the
/// foodie (whose ramen posts the bot likes).
protocol OptOutWorld: DaemonWorld, DaemonWriteLog {
    static var friend: String { get }
    static var foodie: String { get }
    /// How a post mentions the bot (`@mirror`, `@mirror.test`).
    var botMention: String { get }
    /// The foodie's ramen post's text, before its suffix.
    var ramenText: String { get }
    /// Posts `text` as `author`, now; returns its id.
    func postNow(as author: String, _ text: String) -> String
    /// The posts the bot liked (favourited, reacted to), in order.
    var likedPosts: [String] { get }
}

extension OptOutWorld where Self: ActivityPosting {
    func postNow(as author: String, _ text: String) -> String { post(as: author, text, secondsAgo: 0, repostOf: nil) }
}

extension OptOutWorld {
    var botMention: String { "@mirror" }

    /// The friend posts `text`; returns its id.
    func friendPosts(_ text: String) -> String { postNow(as: Self.friend, text) }

    /// The foodie posts something the human would like; returns its id.
    func foodiePostsRamen(_ suffix: String) -> String { postNow(as: Self.foodie, "\(ramenText) \(suffix)") }

    /// `DaemonWriteLog`'s: the friend mentions the bot again.
    func friendMentionsBotAgain() -> String { friendPosts("\(botMention) もう一回！") }

    /// Starts a second daemon (the first stopped): the friend mentions the bot again and the
    /// foodie posts ramen again, and neither is answered nor liked; no reply and no like at all.
    /// Returns the daemon, running.
    func restartStaysSilent() async throws -> Process {
        let second = try startDaemon()
        #expect(await waitFor(30) { output.components(separatedBy: "event=started").count == 3 })
        let again = friendMentionsBotAgain()
        let ramenAgain = foodiePostsRamen("2")
        #expect(await waitForMoreRounds(4), "\(output)")
        #expect(!replied(to: again) && !likedPosts.contains(ramenAgain), "\(output)")
        #expect(writeCounts.replies == 0 && writeCounts.likes == 0, "\(output)")
        return second
    }

    func optout(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(["optout"] + arguments, environment: environment)
    }

    /// The friend asks the bot to stop (not answered) and the operator adds the foodie: no
    /// reply and no like for either, in this run and after a restart; `optout list` shows both,
    /// and once the operator removes the friend, the friend is answered again.
    func stopIsHonouredAcrossRestart() async throws {
        let stopRequest = friendPosts("\(botMention) ＳＴＯＰ please")
        let first = try startDaemon()
        #expect(await waitFor(30) { output.contains("event=opted_out") }, "\(output)")
        #expect(try optout(["add", Self.foodie]).status == 0)
        let again = friendPosts("\(botMention) 元気？")
        let ramen = foodiePostsRamen("1")
        #expect(await waitFor(30) { output.contains("skipped=like") && output.contains("skipped=reply") }, "\(output)")
        #expect(await waitForMoreRounds(), "\(output)")
        #expect(!replied(to: stopRequest) && !replied(to: again), "\(output)")
        #expect(!likedPosts.contains(ramen))
        #expect(stop(first) == 0)

        let second = try await restartStaysSilent()

        let list = try optout(["list"])
        #expect(list.status == 0 && list.stdout.contains("id=\(Self.friend) ") && list.stdout.contains("id=\(Self.foodie) "), "\(list.stdout)")
        #expect(list.stdout.contains("2 opted out"), "\(list.stdout)")
        #expect(try optout(["remove", Self.friend]).status == 0)
        let fourth = friendPosts("\(botMention) おーい")
        #expect(await waitFor(30) { replied(to: fourth) }, "\(output)")
        #expect(stop(second) == 0)
    }
}

/// A world whose fake serves profile descriptions: people can say no in their profile.
protocol ProfileWorld: OptOutWorld {
    func setProfile(_ id: String, _ description: String)
    /// Profile reads the fake answered (requests, not accounts).
    var profileReads: Int { get }
}

extension ProfileWorld {
    /// The friend's profile says `#NoAI`, the foodie's `＃ｎｏｂｏｔ`: neither is replied to nor
    /// liked, in this run and after a restart, and the restart reads no profile again (kept a
    /// day in PostgreSQL). The booster's profile says nothing: their posts are learned.
    func profileNoIsHonouredAcrossRestart() async throws {
        setProfile(Self.friend, "絵を描いています #NoAI")
        setProfile(Self.foodie, "ラーメン好き ＃ｎｏｂｏｔ")
        let mention = friendPosts("\(botMention) 元気？")
        let ramen = foodiePostsRamen("1")
        let first = try startDaemon()
        #expect(await waitFor(30) { output.contains("reason=profile_says_no") && output.contains("skipped=reply") }, "\(output)")
        #expect(await waitFor(30) { output.contains("skipped=like") }, "\(output)")
        #expect(await waitForMoreRounds(), "\(output)")
        #expect(!replied(to: mention) && !likedPosts.contains(ramen), "\(output)")
        let reads = profileReads
        #expect(reads >= 1)
        #expect(stop(first) == 0)

        let second = try await restartStaysSilent()
        #expect(profileReads == reads, "profiles read again after the restart")
        #expect(stop(second) == 0)
    }
}

extension DaemonHarness: ProfileWorld {
    func setProfile(_ id: String, _ description: String) { server.setDescription(userID: id, description) }
    var profileReads: Int { server.requests.filter { $0.endpoint == "GET /2/users" }.count }
}

extension MisskeyDaemonHarness: ProfileWorld {
    func setProfile(_ id: String, _ description: String) { server.updateUser(id, description: description) }
    var profileReads: Int { server.requests.filter { $0.endpoint == "POST /api/users/show" }.count }
}

extension MastodonDaemonHarness: ProfileWorld {
    func setProfile(_ id: String, _ description: String) { server.setNote(accountID: id, description) }
    var profileReads: Int { server.requestCount(endpoint: "GET /api/v1/accounts") + server.requestCount(endpoint: "GET /api/v1/accounts/:id") }
}

extension BlueskyDaemonHarness: ProfileWorld {
    func setProfile(_ id: String, _ description: String) { server.setDescription(did: id, description) }
    var profileReads: Int { server.requestCount(endpoint: "GET app.bsky.actor.getProfiles") }
}

/// Bluesky's harness posts no activity of its own kind (`ActivityPosting`): its plain posts.
extension BlueskyDaemonHarness: OptOutWorld {
    var botMention: String { "@mirror.test" }
    var ramenText: String { "ラーメン屋の新作つけ麺が最高" }
    func postNow(as author: String, _ text: String) -> String { server.addPost(did: author, text: text) }
}
