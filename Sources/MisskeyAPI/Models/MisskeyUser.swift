/// A user as Misskey returns it (UserLite, with the UserDetailed and MeDetailed fields
/// mirror-bot reads; `packages/backend/src/models/json-schema/user.ts`).
public struct MisskeyUser: Sendable, Codable, Equatable {
    /// Opaque, time-prefixed (`misskey:id`, `[a-zA-Z0-9]+`).
    public var id: String
    public var name: String?
    /// The local part, `alice`.
    public var username: String
    /// nil for a user of this server, `example.social` for a remote one.
    public var host: String?
    /// The account says it is automated.
    public var isBot: Bool?
    public var isCat: Bool?
    /// The profile text (UserDetailed): where `#nobot` / `#noai` are written.
    public var description: String?
    /// Whether others may list the user's reactions (UserDetailed; default true).
    public var publicReactions: Bool?
    public var isLocked: Bool?

    public init(
        id: String, username: String, name: String? = nil, host: String? = nil, isBot: Bool? = nil, isCat: Bool? = nil,
        description: String? = nil, publicReactions: Bool? = nil, isLocked: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.host = host
        self.isBot = isBot
        self.isCat = isCat
        self.description = description
        self.publicReactions = publicReactions
        self.isLocked = isLocked
    }

    /// `alice` for a local user, `alice@example.social` for a remote one (as written after `@`).
    public var acct: String { host.map { "\(username)@\($0)" } ?? username }
}
