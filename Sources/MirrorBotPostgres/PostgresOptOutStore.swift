import Foundation
import MirrorBot
import Postgres

/// The do-not-interact list in PostgreSQL (`opt_outs`, migration 010).
public struct PostgresOptOutStore: OptOutStore {
    public let connection: any PostgresClient

    public init(connection: any PostgresClient) {
        self.connection = connection
    }

    public func isOptedOut(authorID: String, username: String?) async throws -> Bool {
        let name = Self.bare(username) ?? ""
        return try await connection.query("""
            SELECT EXISTS (SELECT 1 FROM opt_outs
                           WHERE author_id = \(authorID) OR (\(name) <> '' AND lower(username) = lower(\(name)))) AS found
            """).first?.decode("found", as: Bool.self) ?? false
    }

    @discardableResult
    public func optOut(authorID: String?, username: String?, reason: String, at date: Date) async throws -> Bool {
        let name = Self.bare(username)
        if let authorID {
            return try await connection.query("""
                INSERT INTO opt_outs (author_id, username, reason, opted_out_at) VALUES (\(authorID), \(name), \(reason), \(date)::timestamptz)
                ON CONFLICT (author_id) WHERE author_id IS NOT NULL DO NOTHING
                RETURNING author_id
                """).count == 1
        }
        guard let name else { return false }
        return try await connection.query("""
            INSERT INTO opt_outs (username, reason, opted_out_at) VALUES (\(name), \(reason), \(date)::timestamptz)
            ON CONFLICT (lower(username)) WHERE author_id IS NULL DO NOTHING
            RETURNING username
            """).count == 1
    }

    @discardableResult
    public func removeOptOut(authorID: String?, username: String?) async throws -> Int {
        let name = Self.bare(username) ?? ""
        return try await connection.query("""
            DELETE FROM opt_outs WHERE author_id = \(authorID ?? "") OR (\(name) <> '' AND lower(username) = lower(\(name)))
            RETURNING reason
            """).count
    }

    public func optOuts() async throws -> [OptOut] {
        try await connection.query("SELECT author_id, username, reason, opted_out_at FROM opt_outs ORDER BY opted_out_at, author_id, username")
            .map { row in
                OptOut(authorID: row["author_id"], username: row["username"], reason: try row.decode("reason"), at: try row.decode("opted_out_at"))
            }
    }

    /// A username without its leading `@`, nil when empty.
    static func bare(_ username: String?) -> String? {
        guard let username else { return nil }
        let bare = username.hasPrefix("@") ? String(username.dropFirst()) : username
        return bare.isEmpty ? nil : bare
    }
}
