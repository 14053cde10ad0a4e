import FakeHTTP
import Foundation
import MisskeyAPI

/// The in-process API: build the world, inspect what clients did, inject faults.
extension FakeMisskeyServer {
    /// Registers a user and an app token for it (32 random characters, as MiAuth makes them)
    /// with `permissions`; returns the user's id (a new aidx unless given: `[a-zA-Z0-9]+`) and the token.
    @discardableResult
    public func addUser(
        id: String? = nil, username: String, name: String? = nil, isBot: Bool = false, description: String? = nil,
        publicReactions: Bool = true, permissions: Set<String> = FakeMisskeyServer.allPermissions, token: String? = nil
    ) -> (id: String, token: String) {
        let date = clock.now()
        return world.withLock { world in
            let id = id ?? world.ids.make(at: date)
            world.register(FakeMisskeyUser(
                id: id, username: username, name: name, isBot: isBot, description: description, publicReactions: publicReactions))
            let token = token ?? Self.randomToken()
            world.tokens[token] = FakeMisskeyToken(userId: id, permissions: permissions)
            return (id, token)
        }
    }

    /// Another token for `userId` with `permissions`.
    public func addToken(userId: String, permissions: Set<String>) -> String {
        let token = Self.randomToken()
        world.withLock { $0.tokens[token] = FakeMisskeyToken(userId: userId, permissions: permissions) }
        return token
    }

    /// Adds a note as `userId` (notifying the replied-to and the mentioned) and returns its id.
    @discardableResult
    public func addNote(
        userId: String, text: String?, replyId: String? = nil, renoteId: String? = nil, visibility: String = "public", cw: String? = nil,
        at date: Date? = nil
    ) -> String {
        let date = date ?? clock.now()
        return world.withLock {
            $0.insertNote(userId: userId, text: text, cw: cw, replyId: replyId, renoteId: renoteId, visibility: visibility, at: date).id
        }
    }

    /// The note's author deletes it (as from the web UI: no write recorded, no API call counted).
    public func deleteNote(id: String) {
        world.withLock { $0.removeNote(id) }
    }

    /// `userId` reacts to `noteId` with `reaction` (normalized as Misskey does).
    public func addReaction(userId: String, noteId: String, reaction: String = "❤", at date: Date? = nil) {
        let date = date ?? clock.now()
        world.withLock { world in
            world.reactions.set(FakeMisskeyReaction(
                id: world.ids.make(at: date), userId: userId, noteId: noteId, reaction: FakeMisskeyWorld.normalizedReaction(reaction)))
        }
    }

    /// `followerId` follows `followeeId`.
    public func follow(_ followerId: String, _ followeeId: String) {
        world.withLock { _ = $0.follows[followerId, default: []].insert(followeeId) }
    }

    /// Sets a user's bot flag, profile text or whether their reactions are public.
    public func updateUser(_ id: String, isBot: Bool? = nil, description: String? = nil, publicReactions: Bool? = nil) {
        world.withLock { world in
            if let isBot { world.users[id]?.isBot = isBot }
            if let description { world.users[id]?.description = description }
            if let publicReactions { world.users[id]?.publicReactions = publicReactions }
        }
    }

    /// Every accepted write, in order.
    public var writes: [FakeMisskeyWrite] { world.withLock { $0.writes } }

    /// Every request answered (or dropped), in order.
    public var requests: [FakeMisskeyRequestRecord] { world.withLock { $0.requests.records } }

    /// How many requests reached `endpoint` (`POST /api/i/notifications`).
    public func requestCount(endpoint: String) -> Int { world.withLock { $0.requests.count(endpoint: endpoint) } }

    public func note(id: String) -> FakeMisskeyNote? { world.withLock { $0.notes[id] } }

    /// `userId`'s notes, oldest first.
    public func notes(of userId: String) -> [FakeMisskeyNote] {
        world.withLock { world in world.index.notesByUser[userId, default: []].compactMap { world.notes[$0] } }
    }

    /// `userId`'s reactions, oldest first.
    public func reactions(of userId: String) -> [FakeMisskeyReaction] {
        world.withLock { $0.reactions.of(userId) }
    }

    public func user(id: String) -> FakeMisskeyUser? { world.withLock { $0.users[id] } }

    /// `meta.limit` of an endpoint (`notes/create`, `i/notifications`, …): `max` per `duration` seconds per user.
    public func setRateLimit(endpoint name: String, max: Int, duration: TimeInterval) {
        world.withLock { world in
            guard let endpoint = FakeMisskeyEndpoint(rawValue: name) else { return }
            world.limits[endpoint] = FixedWindowLimit(limit: max, window: duration)
        }
    }

    /// The next `count` requests meet a proxy's non-JSON 429 (with `Retry-After` when given).
    public func injectProxyRateLimit(count: Int = 1, retryAfter: Int? = nil) {
        world.withLock { $0.proxyLimited.append((count, retryAfter)) }
    }

    /// The next `notes/create` is made but its answer lost (the connection drops); the next
    /// `repeats` identical bodies find it in flight (202 `PROCESSING`), later ones get the note made.
    public func injectProcessing(repeats: Int) {
        http.closeEachConnection()
        world.withLock { $0.processingRepeats = repeats }
    }

    /// The user a browser opening `/miauth/{session}` is signed in as (nil: nobody); opening it
    /// then allows the session, as pressing Allow on Misskey's page does.
    public func signInBrowser(userId: String?) {
        world.withLock { $0.browserUserId = userId }
    }

    /// misskey.io's rules (the default) or upstream Misskey's (no idempotency, bots may reply to bots).
    public func setMisskeyIO(_ enabled: Bool) {
        world.withLock { $0.misskeyIO = enabled }
    }

    static func randomToken() -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return String((0..<32).map { _ in alphabet.randomElement() ?? "0" })
    }
}

extension FakeMisskeyServer: FaultInjecting {
    public func changeFaults(_ change: (inout FaultPlan<HTTPFault>) -> Void) {
        world.withLock { change(&$0.faults) }
    }
}

extension FakeMisskeyRequestRecord: RecordedRequest {}
