import APIClientCore
import Foundation
import MirrorBot
import MisskeyAPI

/// Misskey behind the `SocialNetwork` seam: one instance speaks for one account (its
/// `MisskeyClient`'s token). Notes go out at `visibility` (`MISSKEY_VISIBILITY`, default
/// `home`), likes are reactions (`reaction`, default ❤); text comes back as the MFM the
/// author wrote.
///
/// Positions: a note stream's is the newest note id served (`MisskeyPager`'s position, the
/// floor of the next walk); the mentions' is `notification:` and the newest notification's id,
/// as notifications page by their own ids. Misskey ids are time-prefixed strings only this
/// adapter compares (`MisskeyID`); anything else stored is refused as unreadable before any
/// request, and the core reads the stream as on a first run.
public struct MisskeyNetwork: SocialNetwork {
    public let client: MisskeyClient
    /// `public`, `home` (default), `followers` or `specified`.
    public var visibility: String
    /// The reaction a like sends (`MISSKEY_REACTION`); Misskey's own like is ❤.
    public var reaction: String
    /// Where the texts the bot sends came from (the human's stored posts): a text that is not
    /// Misskey's own MFM goes out with its markup look-alikes kept literal (`MFMLiteral`).
    /// Nil: every text goes out as it is.
    public var markupSource: (any PostMarkupSource)?
    /// Where a text's warning is found (the bot's network: the human's stored posts), so a
    /// warned post goes out behind a `cw` (`MisskeyNetwork.cw(for:)`); nil sends none.
    public var warningSource: (any PostWarningSource)?

    public static let defaultReaction = "❤"

    public init(client: MisskeyClient, visibility: String = "home", reaction: String = MisskeyNetwork.defaultReaction) {
        self.client = client
        self.visibility = visibility
        self.reaction = reaction
    }

    /// A network for `token` at `baseURL` (`MISSKEY_BASE_URL`); `observe` hears the client's
    /// attempts, retries and rate-limit waits.
    public init(
        baseURL: URL, token: String, visibility: String = "home", reaction: String = MisskeyNetwork.defaultReaction,
        observe: @escaping @Sendable (APIClientEvent) -> Void = { _ in }
    ) {
        let client = MisskeyClient(token: token, configuration: MisskeyClientConfiguration(baseURL: baseURL), observe: observe)
        self.init(client: client, visibility: visibility, reaction: reaction)
    }

    public func me() async throws -> Account {
        let user = try await Self.mappingErrors { try await client.send(GetI()) }
        return Account(id: user.id, username: user.acct)
    }

    /// The user's notes, replies (self-replies too) included, renotes flagged; followers-only,
    /// specified and content-warned notes never (a repost would make them public or drop the warning).
    public func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        notes(UserNotes(userId: userID, withReplies: true, withRenotes: true), after: position, limit: limit, publicOnly: true)
    }

    /// Every note of the account's, followers-only and specified ones too (the bot's own, read
    /// back to find what it sent at its `visibility`).
    public func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        notes(UserNotes(userId: accountID, withReplies: true, withRenotes: true), after: nil, limit: limit)
    }

    /// The user's reactions, newest first (refused with `REACTIONS_NOT_PUBLIC` when they are not
    /// public and the caller is someone else: train from the timeline and an export instead).
    public func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error> {
        let pager = client.pager(UserReactions(userId: userID), order: .newestFirst(floor: nil), limit: limit)
        return AsyncThrowingStream(unfolding: {
            guard let page = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            return page.map { Self.post($0.note) }
        })
    }

    /// The authenticated account's home timeline: `userID` is not used.
    public func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        notes(HomeTimeline(), after: position, limit: limit)
    }

    /// Mentions and replies to the account (`i/notifications`, both types: a reply that also
    /// mentions is notified once, as a reply), newest first, paged by notification id: the
    /// position is `notification:` and the newest notification's id, so a note notified late
    /// (a remote note whose id is older) is still served once. Notes by bots are left out: the
    /// bot stays silent to bots (misskey.io refuses such replies anyway).
    public func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        var floor: String?
        if let position {
            let id = position.value.dropFirst(Self.notificationPrefix.count)
            guard position.value.hasPrefix(Self.notificationPrefix), MisskeyID.isValid(String(id)) else {
                return .failing(StreamPositionError(position, reason: "not a Misskey notification position"))
            }
            floor = String(id)
        }
        let pager = client.pager(GetNotifications(), order: .newestFirst(floor: floor), limit: limit)
        return AsyncThrowingStream(unfolding: {
            guard let page = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            let posts = page.compactMap(\.note).filter { $0.user.isBot != true }.map(Self.post)
            let newest = await Self.moved(pager, from: floor).map { StreamPosition(Self.notificationPrefix + $0) }
            return StreamPage(posts, position: newest)
        })
    }

    static let notificationPrefix = "notification:"

    /// A note, or a reply (`replyId`: the mention as served) at the configured visibility; the
    /// server may lower it (`createdNote.visibility` says what it became). A text from one of
    /// the human's Misskey notes goes out as written, MFM and all; a plain text from another
    /// network (an imported X archive, say) with what MFM would read as markup (`**`, `$[x2 …]`,
    /// `:name:`, `@name`) kept literal in `<plain>` (`MFMLiteral`), so it shows exactly its
    /// characters and pings no one. Misskey puts no `@acct` in front of a reply, so `isSent` is
    /// the seam's default. misskey.io answers a repeat within 60 s with the note already made:
    /// a retry is one note, never two.
    public func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String {
        let warning = try await warningSource?.warning(of: text)
        let request = CreateNote(text: try await outgoing(text), visibility: visibility, replyId: mention?.id, cw: warning.map(Self.cw))
        return try await Self.mappingErrors { try await client.send(request) }.createdNote.id
    }

    /// `text` as MFM: as it is when the human wrote it on Misskey (or no source is known), else literal.
    func outgoing(_ text: String) async throws -> String {
        guard let markupSource else { return text }
        let markup: PostMarkup?
        do {
            markup = try await markupSource.markup(of: text)
        } catch {
            throw NetworkError.failed(endpoint: "stored markup", status: 0, detail: "the stored posts could not be read: \(error)")
        }
        return markup == .mfm ? text : MFMLiteral.escape(text)
    }

    /// Reacts with `reaction`; a note already reacted to counts as liked.
    public func like(postID: String, as userID: String) async throws {
        do {
            _ = try await Self.mappingErrors { try await client.send(CreateReaction(noteId: postID, reaction: reaction)) }
        } catch NetworkError.failed(_, _, let detail) where detail.hasPrefix("ALREADY_REACTED") {
            return
        }
    }

    /// Pages newest first down to the position (a note id, the pager's floor); the position
    /// handed back is the newest note served, whether or not `publicOnly` kept it.
    private func notes<Q: MisskeyPagedQuery>(_ query: Q, after position: StreamPosition?, limit: Int, publicOnly: Bool = false)
        -> AsyncThrowingStream<StreamPage, any Error> where Q.Item == MisskeyNote
    {
        if let position, !MisskeyID.isValid(position.value) {
            return .failing(StreamPositionError(position, reason: "not a Misskey note id"))
        }
        let floor = position?.value
        let pager = client.pager(query, order: .newestFirst(floor: floor), limit: limit)
        return AsyncThrowingStream(unfolding: {
            guard let page = try await Self.mappingErrors({ try await pager.next() }) else { return nil }
            // A page left empty by the filter is still a page: the walk goes on.
            let posts = page.filter { !publicOnly || Self.isPublic($0) }.map(Self.post)
            return StreamPage(posts, position: await Self.moved(pager, from: floor).map { StreamPosition($0) })
        })
    }

    /// The pager's newest id when the walk has moved past `floor` (where it started), else nil.
    static func moved<R>(_ pager: MisskeyPager<R>, from floor: String?) async -> String? {
        guard let newest = await pager.position, newest != floor else { return nil }
        return newest
    }

    // MARK: - Mapping

    /// `public` or `home` (readable by anyone); a warned one comes with its `cw`.
    static func isPublic(_ note: MisskeyNote) -> Bool {
        ["public", "home"].contains(note.visibility)
    }

    /// The `cw` a warning goes out with: its words; labels alone (Bluesky's `nudity`, Mastodon's
    /// `sensitive`: Misskey marks only files sensitive) named as the warning. Cut to Misskey's 100
    /// characters with `…` (a Mastodon warning may be longer): the note stays behind a warning.
    static func cw(_ warning: PostWarning) -> String {
        let words = warning.text.isEmpty ? warning.labels.map(\.rawValue).joined(separator: ", ") : warning.text
        guard words.count > CreateNote.maxCWLength else { return words.isEmpty ? "sensitive" : words }
        return String(words.prefix(CreateNote.maxCWLength - 1)) + "…"
    }

    /// A note as the seam's post: its MFM text, the author's acct, whom it replies to, its files
    /// in order (`media(of:)`); a pure renote is a retweet (never the author's own words, never reacted to).
    static func post(_ note: MisskeyNote) -> NetworkPost {
        var inReplyToUserID = note.reply?.userId
        if inReplyToUserID == nil, let replyId = note.replyId { inReplyToUserID = "misskey:note:" + replyId }
        return NetworkPost(
            id: note.id, text: note.text ?? "", createdAt: note.createdDate ?? Date(timeIntervalSince1970: 0),
            authorID: note.userId, authorUsername: note.user.acct, inReplyToUserID: inReplyToUserID,
            inReplyToUsername: note.reply?.user?.acct, isRetweet: note.isPureRenote, markup: .mfm, inReplyToPostID: note.replyId,
            warning: PostWarning.from(text: note.cw, labels: []), media: noteMedia(note))
    }

    /// A note's files in the order of `fileIds`. Misskey packs only the files still in the drive
    /// (a deleted one stays in `fileIds`): each missing one is kept as media of no known kind and
    /// no URL, so the note is never carried without it.
    public static func noteMedia(_ note: MisskeyNote) -> [PostMedia] {
        let files = note.files ?? []
        guard let ids = note.fileIds, !ids.isEmpty else { return media(of: files) }
        let packed = Dictionary(files.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.map { id in packed[id].map { media(of: [$0])[0] } ?? PostMedia(kind: .other, url: "") }
    }

    static func networkError(_ error: MisskeyAPIError) -> NetworkError {
        switch error {
        case .unauthorized(let endpoint, let detail): .unauthorized(endpoint: endpoint, detail: detail)
        case .rateLimited(let endpoint, let resetAt): .rateLimited(endpoint: endpoint, resetAt: resetAt)
        case .refused(_, _, "REPLY_TO_BOT_NOT_ALLOWED", let detail): .replyNotPermitted(detail: detail)
        case .refused(let endpoint, let status, "REACTIONS_NOT_PUBLIC", let detail):
            .failed(
                endpoint: endpoint, status: status,
                detail: "\(detail) (the human's reactions are not public: make them public in the settings, or train from the timeline and a notes export)")
        case .refused(let endpoint, let status, _, let detail), .failed(let endpoint, let status, let detail):
            .failed(endpoint: endpoint, status: status, detail: detail)
        }
    }

    /// Runs `body`, turning `MisskeyAPIError` into the seam's `NetworkError`.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        try await NetworkError.mapping(networkError, body)
    }
}
