import Foundation

/// What came of sending one post or reply.
enum PostOutcome: Sendable, Equatable {
    /// The network has it (answered with its id, or found among the bot's posts afterwards).
    case posted(id: String)
    /// It may exist: never send it again (at most once).
    case unconfirmed(detail: String)
    /// A clear refusal of this post: nothing was posted.
    case refused(Refusal)
    /// Its pictures could not go with it (`MediaNotCarried`): nothing was posted.
    case notCarried(reason: String, lasting: Bool = false)
}

/// Sends the bot's posts and replies so that none is sent twice.
///
/// A failure without a clear answer (5xx, a lost connection, a retry refused
/// as duplicate) leaves it open whether the post exists: the sender then
/// looks for the text among the bot's latest posts. Found: it was posted.
/// Not found after a 5xx or lost connection: nothing was posted, the error is
/// rethrown and the caller may try again later. Not found after a refused
/// retry, or the look-up failed: `unconfirmed`, never sent again.
/// Errors that mean nothing was sent (rate limit, credentials, cancellation)
/// are rethrown as they are.
struct PostSender: Sendable {
    let bot: any SocialNetwork
    let botAccount: Account

    /// Posts looked at when checking whether an uncertain post went through.
    static let verificationWindow = 20

    /// Sends `text` (a reply when `inReplyTo` is set, to that mention; the human's post
    /// `whole` with its pictures when given). `postedBefore` says the bot posted this text
    /// before: the network can then only have refused it.
    func send(
        _ text: String, inReplyTo mention: NetworkPost? = nil, whole source: Post? = nil, postedBefore: Bool, startedAt: Date
    ) async throws -> PostOutcome {
        let userID = mention?.authorID
        do {
            if let source, !source.media.isEmpty { return .posted(id: try await bot.post(whole: source)) }
            return .posted(id: try await bot.post(text: text, inReplyTo: mention))
        } catch let error as MediaNotCarried {
            return .notCarried(reason: error.reason, lasting: error.lasting)
        } catch NetworkError.duplicateContent {
            return .refused(.duplicate)
        } catch NetworkError.replyNotPermitted(let detail) {
            return .refused(.notPermitted(detail: detail))
        } catch NetworkError.outcomeUnknown(_, let detail) {
            // The retry was refused as duplicate: by the bot's old post of this text, or by our first attempt.
            if postedBefore { return .refused(.duplicate) }
            let found = try? await find(text, replyTo: userID, since: startedAt)
            return found.flatMap { $0 }.map(PostOutcome.posted(id:)) ?? .unconfirmed(detail: detail)
        } catch NetworkError.failed(let endpoint, let status, let detail) where status == 0 || status >= 500 {
            let found: String?
            do {
                found = try await find(text, replyTo: userID, since: startedAt)
            } catch {
                return .unconfirmed(detail: detail)
            }
            if let found { return .posted(id: found) }
            throw NetworkError.failed(endpoint: endpoint, status: status, detail: "\(detail) (not posted: checked the bot's latest posts)")
        } catch NetworkError.failed(_, let status, let detail) where (400..<500).contains(status) {
            return .refused(.rejected(detail: "HTTP \(status): \(detail)"))
        }
    }

    /// Clocks differ a little between this machine and the network.
    static let clockTolerance: TimeInterval = 10

    /// The id of a post of the bot's with this text, made since `since` (and, for a reply,
    /// answering `userID`); nil when there is none.
    func find(_ text: String, replyTo userID: String?, since: Date) async throws -> String? {
        var pages = bot.sentPosts(of: botAccount.id, limit: Self.verificationWindow).makeAsyncIterator()
        let recent = try await pages.next()?.posts ?? []
        let match = recent.first { post in
            guard post.createdAt >= since.addingTimeInterval(-Self.clockTolerance) else { return false }
            if let userID, post.inReplyToUserID != userID { return false }
            // What went out may differ from `text` (Mastodon names the author first): the network says.
            return bot.isSent(text, as: post)
        }
        return match?.id
    }
}
