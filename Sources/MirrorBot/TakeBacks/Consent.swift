/// Who says no to the bot: people on the do-not-interact list (they asked it to stop, or an
/// operator added them). The reply and like loops ask before they act; a mention that asks
/// the bot to stop puts its author on the list and is not answered.
public struct Consent: Sendable {
    public let optOuts: any OptOutStore
    public let clock: any BotClock
    public let log: Logger

    public init(optOuts: any OptOutStore, clock: any BotClock, log: Logger) {
        self.optOuts = optOuts
        self.clock = clock
        self.log = log
    }

    /// Whether the reply loop must leave `mention` unanswered: it asks the bot to stop (its
    /// author goes on the list, reported once), or its author is on the list already.
    public func leavesAlone(mention: NetworkPost) async throws -> Bool {
        if StopRequest.asks(mention.text) {
            let added = try await optOuts.optOut(
                authorID: mention.authorID, username: mention.authorUsername, reason: "asked to stop (mention \(mention.id))", at: clock.now())
            if added { log.report(.optedOut(author: Self.name(of: mention), mention: mention.id)) }
            return true
        }
        return try await leavesAlone(mention, skipping: .reply)
    }

    /// Whether the bot must not `skipping` (reply to, like) `post`: its author is on the list (reported).
    public func leavesAlone(_ post: NetworkPost, skipping: BotEvent.Interaction) async throws -> Bool {
        guard try await optOuts.isOptedOut(authorID: post.authorID, username: post.authorUsername) else { return false }
        log.report(.optOutHonoured(post: post.id, author: Self.name(of: post), skipped: skipping, why: .optedOut))
        return true
    }

    /// `@username`, else the author's id.
    static func name(of post: NetworkPost) -> String {
        post.authorUsername.map { "@\($0)" } ?? post.authorID
    }
}
