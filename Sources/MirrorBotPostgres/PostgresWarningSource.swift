import Foundation
import MirrorBot
import Postgres

/// `PostWarningSource` over the human's stored posts (`posts.content_warning` and
/// `posts.sensitivity`, migration 024), on a connection opened on first use: the networks
/// are built before a command connects.
public struct PostgresWarningSource: PostWarningSource {
    private let database: LazyConnection

    public init(connect: @escaping LazyConnection.Connect) {
        database = LazyConnection(connect: connect)
    }

    public init(connection: any PostgresClient) {
        database = LazyConnection(connection)
    }

    /// Of the stored posts that are `text`, a warned one's warning, words of warning first.
    public func warning(of text: String) async throws -> PostWarning? {
        let rows = try await database.open().query("""
            SELECT content_warning, array_to_string(sensitivity, ',') AS sensitivity FROM posts
            WHERE (content_warning IS NOT NULL OR sensitivity <> '{}') AND md5(text) = md5(\(text)) AND text = \(text)
            ORDER BY content_warning IS NULL, created_at DESC LIMIT 1
            """)
        return rows.first.flatMap { PostWarning.stored(in: $0) }
    }
}
