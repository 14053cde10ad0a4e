import FakeBluesky
import FakeMisskey
import FakeX
import Foundation

/// The fake networks the login suites sign in to (in process and at a pseudo-terminal alike): the
/// human @haru and the bot @haru_mirror, and a scratch env file naming the server.
enum LoginWorlds {
    /// X: an app for each account (the human's read, the bot's read-write) and a read-only one.
    static func x() throws -> (FakeXServer, LoginScratch) {
        let server = FakeXServer()
        server.addUser(id: "100", username: "haru")
        server.addUser(id: "200", username: "haru_mirror")
        server.addApp(consumerKey: "ck-human", consumerSecret: "cs-human", permission: "read")
        server.addApp(consumerKey: "ck-bot", consumerSecret: "cs-bot", permission: "read-write")
        server.addApp(consumerKey: "ck-readonly", consumerSecret: "cs-readonly", permission: "read")
        try server.start()
        let scratch = try LoginScratch(envText: """
            NETWORK=x
            X_API_BASE_URL=\(server.baseURL.absoluteString)
            HUMAN_CONSUMER_KEY=ck-human
            HUMAN_CONSUMER_SECRET=cs-human
            BOT_CONSUMER_KEY=ck-bot
            BOT_CONSUMER_SECRET=cs-bot

            """)
        return (server, scratch)
    }

    /// Misskey: the two users' ids, and `extra` lines after the server's in the env file.
    static func misskey(extra: String = "") throws -> (server: FakeMisskeyServer, human: String, bot: String, scratch: LoginScratch) {
        let server = FakeMisskeyServer()
        let human = server.addUser(username: "haru").id
        let bot = server.addUser(username: "haru_mirror", isBot: true).id
        try server.start()
        return (server, human, bot, try LoginScratch(envText: "NETWORK=misskey\nMISSKEY_BASE_URL=\(server.baseURL.absoluteString)\n" + extra))
    }

    /// Bluesky: each account with its app password.
    static func bluesky() throws -> (FakeBlueskyServer, LoginScratch) {
        let server = FakeBlueskyServer()
        server.addAccount(did: "did:plc:haru", handle: "haru.test", appPassword: "aaaa-bbbb-cccc-dddd")
        server.addAccount(did: "did:plc:mirror", handle: "haru-mirror.test", appPassword: "eeee-ffff-gggg-hhhh")
        try server.start()
        return (server, try LoginScratch(envText: "NETWORK=bluesky\nBLUESKY_SERVICE_URL=\(server.baseURL.absoluteString)\n"))
    }
}
