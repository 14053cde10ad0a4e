import BlueskyAPI
import Foundation
import Postgres

/// `BlueskyFacetSource` over the human's stored posts (`posts.facets`, migration 007).
///
/// Like the session store it opens its own connection on first use: the networks
/// are built before a command connects.
public actor PostgresBlueskyFacetSource: BlueskyFacetSource {
    public typealias Connect = @Sendable () async throws -> any PostgresClient

    private let connect: Connect
    private var connection: (any PostgresClient)?

    public init(connect: @escaping Connect) {
        self.connect = connect
    }

    public init(connection: any PostgresClient) {
        self.connect = { connection }
        self.connection = connection
    }

    public func storedTexts(containing text: String, limit: Int) async throws -> [BlueskyStoredText] {
        let database = try await open()
        // The exact text by its index first; only when none has it, the texts that contain it.
        var rows = try await database.query("""
            SELECT text, facets::text AS facets FROM posts
            WHERE facets IS NOT NULL AND md5(text) = md5(\(text)) AND text = \(text)
            ORDER BY created_at DESC LIMIT \(limit)
            """)
        if rows.isEmpty {
            rows = try await database.query("""
                SELECT text, facets::text AS facets FROM posts
                WHERE facets IS NOT NULL AND strpos(text, \(text)) > 0
                ORDER BY created_at DESC LIMIT \(limit)
                """)
        }
        return rows.compactMap { row in
            guard let stored = row["text"], let facets = row["facets"] else { return nil }
            return BlueskyStoredText(text: stored, facets: BlueskyStoredText.facets(json: facets))
        }
    }

    private func open() async throws -> any PostgresClient {
        if let connection { return connection }
        let opened = try await connect()
        connection = opened
        return opened
    }
}
