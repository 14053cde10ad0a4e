import Foundation
import MirrorBot
import Postgres

extension PostgresPostStore {
    /// The human's replies to `userID` as stored posts (ids with texts), never a withdrawn one,
    /// a warned one or one with pictures (the reply loop carries neither: never half a reply);
    /// when none, by screen name among replies imported from a Mastodon export.
    public func replyPosts(to userID: String, username: String?, limit: Int) async throws -> [Post] {
        let byID = try await connection.query("""
            SELECT id, text, created_at FROM posts WHERE in_reply_to_user_id = \(userID)
              AND NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = posts.id)
              AND content_warning IS NULL AND sensitivity = '{}' AND media = '[]'
            ORDER BY random() LIMIT \(limit)
            """).map(Self.post)
        guard byID.isEmpty, let username, !username.isEmpty else { return byID }
        return try await connection.query("""
            SELECT id, text, created_at FROM posts
            WHERE in_reply_to_user_id LIKE 'http%' AND lower(in_reply_to_screen_name) = lower(\(username))
              AND NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = posts.id)
              AND content_warning IS NULL AND sensitivity = '{}' AND media = '[]'
            ORDER BY random() LIMIT \(limit)
            """).map(Self.post)
    }

    static func post(_ row: PostgresRow) throws -> Post {
        Post(id: try row.decode("id"), text: try row.decode("text"), createdAt: try row.decode("created_at"))
    }
}
