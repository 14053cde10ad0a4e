import FakeBluesky
import FakeMastodon
import FakeMisskey
import FakeX
import Foundation
import TestSupport

/// One network's fake, started, with two accounts (the human's and the bot's), and what a person
/// answers `mirror-bot setup` on it: the questions before the sign-ins, then each sign-in.
struct SetupWorld: Sendable {
    struct Question: Sendable {
        /// Words of the prompt, what the test calls it, and what the person types.
        var prompt, label, answer: String
    }

    let network: String
    /// What the env file holds besides DATABASE_URL and REDIS_URL before setup: the fake's
    /// address where setup does not ask for it (X_API_BASE_URL, BLUESKY_SERVICE_URL).
    let preset: String
    /// What setup asks before the sign-ins, in order.
    let questions: [Question]
    /// What the terminal shows once each account is signed in (human, bot).
    let signedIn: [String]
    /// The one error line of Ctrl-D at a sign-in.
    let endOfInputError: String
    /// The person at the sign-in prompts, given who they turn to and where they stop.
    private let signingIn: @Sendable (@escaping TerminalPerson.SignIn, String?) -> TerminalPerson.Answer
    let stop: @Sendable () -> Void

    /// The person answering every prompt; `asked` hears each question's label and each account's
    /// role as it is signed in; at the sign-in of `stopAt` they press Ctrl-D.
    func person(stopAt: String? = nil, asked: @escaping @Sendable (String) -> Void = { _ in }) -> TerminalPerson.Answer {
        let signIn = signingIn(asked, stopAt)
        return { [questions] screen in
            if let question = questions.first(where: { screen.contains($0.prompt) }) {
                asked(question.label)
                return question.answer
            }
            return await signIn(screen)
        }
    }

    static func make(_ network: String) throws -> SetupWorld {
        switch network {
        case "x": try x()
        case "misskey": try misskey()
        case "bluesky": try bluesky()
        default: try mastodon()
        }
    }

    static func networkQuestion(_ answer: String) -> Question { Question(prompt: "Network (x, mastodon, misskey, bluesky)", label: "network", answer: answer) }

    /// The network, then the server both accounts are on (`name`: Mastodon, Misskey).
    static func serverQuestions(_ name: String, _ server: URL) -> [Question] {
        [networkQuestion(name.lowercased()), Question(prompt: "The \(name) server both accounts are on", label: "server", answer: server.absoluteString)]
    }

    static func mastodon() throws -> SetupWorld {
        let server = try LoginMastodonTests.twoAccounts()
        return SetupWorld(
            network: "mastodon", preset: "", questions: serverQuestions("Mastodon", server.baseURL),
            signedIn: ["Signed in as @alice on 127.0.0.1", "Signed in as @mirror on 127.0.0.1"],
            endOfInputError: "Error: no code was typed; nothing was written",
            signingIn: { asked, stopAt in
                TerminalPerson.mastodon(signIn: { role in asked(role); server.signInBrowser(accountID: role == "bot" ? "2" : "1") }, stopAt: stopAt)
            },
            stop: { server.stop() })
    }

    /// X with one app for both accounts; the network answered with Enter (x is the default).
    static func x() throws -> SetupWorld {
        let server = FakeXServer()
        server.addUser(id: "100", username: "haru")
        server.addUser(id: "200", username: "haru_mirror")
        server.addApp(consumerKey: "ck-app", consumerSecret: "cs-app", permission: "read-write")
        try server.start()
        let keys = ["human", "bot"].flatMap { role in
            [Question(prompt: "The \(role)'s app: consumer key", label: "\(role) key", answer: "ck-app"),
             Question(prompt: "The \(role)'s app: consumer secret", label: "\(role) secret", answer: "cs-app")]
        }
        return SetupWorld(
            network: "x", preset: "X_API_BASE_URL=\(server.baseURL.absoluteString)\n", questions: [networkQuestion("")] + keys,
            signedIn: ["Signed in as @haru on X", "Signed in as @haru_mirror on X"],
            endOfInputError: "Error: no PIN was typed; nothing was written",
            signingIn: { asked, stopAt in
                TerminalPerson.x(signIn: { role in asked(role); server.signInBrowser(userID: role == "bot" ? "200" : "100") }, stopAt: stopAt)
            },
            stop: { server.stop() })
    }

    static func misskey() throws -> SetupWorld {
        let server = FakeMisskeyServer()
        let human = server.addUser(username: "haru").id
        let bot = server.addUser(username: "haru_mirror", isBot: true).id
        try server.start()
        return SetupWorld(
            network: "misskey", preset: "", questions: serverQuestions("Misskey", server.baseURL),
            signedIn: ["Signed in as @haru on 127.0.0.1", "Signed in as @haru_mirror on 127.0.0.1"],
            endOfInputError: "Error: no Enter was typed; nothing was written",
            signingIn: { asked, stopAt in
                TerminalPerson.misskey(signIn: { role in asked(role); server.signInBrowser(userId: role == "bot" ? bot : human) }, stopAt: stopAt)
            },
            stop: { server.stop() })
    }

    static func bluesky() throws -> SetupWorld {
        let server = FakeBlueskyServer()
        server.addAccount(did: "did:plc:haru", handle: "haru.test", appPassword: "aaaa-bbbb-cccc-dddd")
        server.addAccount(did: "did:plc:mirror", handle: "haru-mirror.test", appPassword: "eeee-ffff-gggg-hhhh", selfLabels: ["bot"])
        try server.start()
        return SetupWorld(
            network: "bluesky", preset: "BLUESKY_SERVICE_URL=\(server.baseURL.absoluteString)\n", questions: [networkQuestion("bluesky")],
            signedIn: ["Signed in as @haru.test (did:plc:haru)", "Signed in as @haru-mirror.test (did:plc:mirror)"],
            endOfInputError: "Error: no handle was typed; nothing was written",
            signingIn: { asked, stopAt in
                TerminalPerson.bluesky(
                    accounts: ["human": ("haru.test", "aaaa-bbbb-cccc-dddd"), "bot": ("haru-mirror.test", "eeee-ffff-gggg-hhhh")],
                    signIn: asked, stopAt: stopAt)
            },
            stop: { server.stop() })
    }
}
