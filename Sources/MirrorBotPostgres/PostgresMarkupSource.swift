import Foundation
import MirrorBot
import Postgres

/// `PostMarkupSource` over the human's stored posts (`posts.markup`, migration 019).
///
/// Like the Bluesky facet source it opens its own connection on first use: the networks
/// are built before a command connects.
public actor PostgresMarkupSource: PostMarkupSource {
    public typealias Connect = @Sendable () async throws -> any PostgresClient

    private let connect: Connect
    private var connection: (any PostgresClient)?
    /// How many stored replies containing a text are checked for being its reply body.
    static let candidates = 50

    public init(connect: @escaping Connect) {
        self.connect = connect
    }

    public init(connection: any PostgresClient) {
        self.connect = { connection }
        self.connection = connection
    }

    public func markup(of text: String) async throws -> PostMarkup? {
        let database = try await open()
        // The exact text by its index first; only when none has it, a reply whose body it is.
        let exact = try await database.query("""
            SELECT 1 AS found FROM posts WHERE markup = 'mfm' AND md5(text) = md5(\(text)) AND text = \(text) LIMIT 1
            """)
        if !exact.isEmpty { return .mfm }
        let replies = try await database.query("""
            SELECT text FROM posts
            WHERE markup = 'mfm' AND in_reply_to_user_id IS NOT NULL AND strpos(text, \(text)) > 0
            ORDER BY created_at DESC LIMIT \(Self.candidates)
            """)
        let bodies = replies.compactMap { $0["text"] }.compactMap(ReplyText.body(of:))
        return bodies.contains(text) ? .mfm : nil
    }

    private func open() async throws -> any PostgresClient {
        if let connection { return connection }
        let opened = try await connect()
        connection = opened
        return opened
    }
}
