import Foundation
import MirrorBot
import Postgres

/// Profile verdicts in PostgreSQL (`profile_verdicts`, migration 015).
public struct PostgresProfileStore: ProfileStore {
    public let connection: any PostgresClient

    public init(connection: any PostgresClient) {
        self.connection = connection
    }

    public func profileVerdicts(of ids: [String], readSince since: Date) async throws -> [String: Bool] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await connection.query("""
            SELECT author_id, says_no FROM profile_verdicts
            WHERE author_id = ANY(string_to_array(\(ids.joined(separator: "\n")), chr(10))) AND read_at >= \(since)::timestamptz
            """)
        var verdicts: [String: Bool] = [:]
        for row in rows { verdicts[try row.decode("author_id", as: String.self)] = try row.decode("says_no", as: Bool.self) }
        return verdicts
    }

    public func storeProfileVerdicts(_ verdicts: [String: Bool], readAt date: Date) async throws {
        guard !verdicts.isEmpty else { return }
        let ids = Array(verdicts.keys)
        let values = ids.map { verdicts[$0] == true ? "t" : "f" }
        try await connection.query("""
            INSERT INTO profile_verdicts (author_id, says_no, read_at)
            SELECT id, flag::boolean, \(date)::timestamptz
            FROM unnest(string_to_array(\(ids.joined(separator: "\n")), chr(10)), string_to_array(\(values.joined(separator: ",")), ',')) AS v(id, flag)
            ON CONFLICT (author_id) DO UPDATE SET says_no = EXCLUDED.says_no, read_at = EXCLUDED.read_at
            """)
    }
}
