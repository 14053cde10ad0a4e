import Foundation
import Synchronization

/// A person at the sign-in prompts of `mirror-bot login` and `setup`, for `PseudoTerminal.run`:
/// the page's address read from the screen and opened like a browser, what it shows typed back.
/// `signIn(role)` is called as the person turns to the human's or the bot's account ("human",
/// "bot"; a test signs the fake's browser in as that account); at the sign-in of `stopAt` the
/// person presses Ctrl-D instead.
public enum TerminalPerson {
    public typealias Answer = @Sendable (String) async -> String?
    public typealias SignIn = @Sendable (String) -> Void

    /// Mastodon: the code the authorize page shows.
    public static func mastodon(signIn: @escaping SignIn, stopAt: String? = nil) -> Answer {
        atPrompt("Paste the authorization code", signIn: signIn, stopAt: stopAt) { screen in
            await Browser.mastodonCode(Browser.page(on: screen, containing: "/oauth/authorize?")) ?? ""
        }
    }

    /// X: the PIN the authorize page shows.
    public static func x(signIn: @escaping SignIn, stopAt: String? = nil) -> Answer {
        atPrompt("Type the PIN it shows:", signIn: signIn, stopAt: stopAt) { screen in
            await Browser.xPIN(Browser.page(on: screen, containing: "/oauth/authorize?")) ?? ""
        }
    }

    /// Misskey: the MiAuth page opened (the signed-in browser presses Allow), then Enter.
    public static func misskey(signIn: @escaping SignIn, stopAt: String? = nil) -> Answer {
        atPrompt("Then press Enter here.", signIn: signIn, stopAt: stopAt) { screen in
            _ = await Browser.open(Browser.page(on: screen, containing: "/miauth/"))
            return ""
        }
    }

    /// Bluesky: the account's handle, then its app password (`accounts` by role).
    public static func bluesky(
        accounts: [String: (handle: String, password: String)], signIn: @escaping SignIn = { _ in }, stopAt: String? = nil
    ) -> Answer {
        let current = Current()
        let handle = atPrompt("Handle (e.g.", signIn: { role in current.role.withLock { $0 = role }; signIn(role) }, stopAt: stopAt) { _ in
            accounts[current.role.withLock { $0 }]?.handle ?? ""
        }
        return { screen in
            guard screen.contains("App password (not shown):") else { return await handle(screen) }
            return accounts[current.role.withLock { $0 }]?.password ?? ""
        }
    }

    /// The account a sign-in on `screen` is for: "bot" where it names the bot's account.
    static func role(on screen: String) -> String { screen.contains("the bot's account") ? "bot" : "human" }

    /// At `prompt`: Ctrl-D at `stopAt`'s sign-in, else `signIn(role)` and what `type` reads off the screen.
    private static func atPrompt(
        _ prompt: String, signIn: @escaping SignIn, stopAt: String?, type: @escaping @Sendable (String) async -> String
    ) -> Answer {
        { screen in
            guard screen.contains(prompt) else { return nil }
            let role = role(on: screen)
            if role == stopAt { return PseudoTerminal.endOfInput }
            signIn(role)
            return await type(screen)
        }
    }

    private final class Current: Sendable {
        let role = Mutex("human")
    }
}
