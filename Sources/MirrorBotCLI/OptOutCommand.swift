import Foundation
import MirrorBot
import MirrorBotPostgres

/// `mirror-bot optout list|add|remove`: the do-not-interact list.
struct OptOutCommand: Command {
    static let name = "optout"
    static let abstract = "List, add or remove people the bot never replies to nor likes (the do-not-interact list)."
    static let usage = "mirror-bot optout list | add ACCOUNT [--reason TEXT] | remove ACCOUNT"
    static let help = helpText(
        """
        People who asked the bot to stop (a mention saying "stop", "unsubscribe",
        "leave me alone", "やめて", "止めて", ...) are put on this list by the daemon;
        the bot never replies to nor likes anyone on it, across restarts.

        ACCOUNT is the network's account id (X: the numeric id; Mastodon: the account
        id; Bluesky: the DID), or @username (matched case-insensitively).

          list      one line a person: id, username, since, reason
          add       put ACCOUNT on the list (reason: --reason, default "added by an operator")
          remove    take ACCOUNT off the list (by id, or by username)
        """)

    enum Action: Sendable, Equatable {
        case list
        case add(authorID: String?, username: String?, reason: String)
        case remove(authorID: String?, username: String?)
    }

    var action: Action

    init(arguments: [String]) throws {
        let parsed = try Arguments(arguments, options: ["reason"], usage: Self.usage)
        let words = parsed.positionals
        switch words.first {
        case "list":
            guard words.count == 1, parsed.option("reason") == nil else { throw UsageError("'list' takes no arguments", usage: Self.usage) }
            action = .list
        case "add", "remove":
            guard words.count == 2 else { throw UsageError("'\(words[0])' expects one ACCOUNT", usage: Self.usage) }
            let (id, name) = try Self.account(words[1])
            if words[0] == "add" {
                action = .add(authorID: id, username: name, reason: parsed.option("reason") ?? "added by an operator")
            } else {
                guard parsed.option("reason") == nil else { throw UsageError("'remove' takes no '--reason'", usage: Self.usage) }
                action = .remove(authorID: id, username: name)
            }
        case let other?:
            throw UsageError("unknown action '\(other)' (list, add or remove)", usage: Self.usage)
        case nil:
            throw UsageError("missing action (list, add or remove)", usage: Self.usage)
        }
    }

    /// `@name` is a username, anything else an account id.
    static func account(_ text: String) throws -> (id: String?, username: String?) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("@") {
            guard trimmed.count > 1 else { throw UsageError("'@' needs a username after it", usage: usage) }
            return (nil, String(trimmed.dropFirst()))
        }
        guard !trimmed.isEmpty else { throw UsageError("ACCOUNT must not be empty", usage: usage) }
        return (trimmed, nil)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let services = Services(configuration: configuration, log: context.logger(configuration))
        let store = PostgresOptOutStore(connection: try await services.database())
        switch action {
        case .list:
            let everyone = try await store.optOuts()
            for person in everyone {
                context.output([
                    "id=\(person.authorID ?? "-")", "username=\(person.username.map { "@\($0)" } ?? "-")",
                    "since=\(Logger.timestamp(person.at))", "reason=\(person.reason.debugDescription)",
                ].joined(separator: " "))
            }
            context.output("\(everyone.count) opted out")
        case .add(let id, let name, let reason):
            let added = try await store.optOut(authorID: id, username: name, reason: reason, at: Date())
            context.output(added ? "added \(id ?? "@" + (name ?? ""))" : "already on the list: \(id ?? "@" + (name ?? ""))")
        case .remove(let id, let name):
            let removed = try await store.removeOptOut(authorID: id, username: name)
            context.output("removed \(removed)")
            return removed > 0 ? 0 : 1
        }
        return 0
    }
}
