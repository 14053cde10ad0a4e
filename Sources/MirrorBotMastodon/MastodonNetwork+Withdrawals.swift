import MastodonAPI
import MirrorBot

extension MastodonNetwork: PostLookupNetwork {
    /// Mastodon looks up one status a request.
    public var lookupBatchSize: Int { 1 }

    /// `GET /api/v1/statuses/:id` for each id: a 404 is missing (deleted, or no longer
    /// visible to this account: the human's own lookups see all of theirs); any other
    /// failure throws.
    public func missingPosts(among ids: [String]) async throws -> Set<String> {
        var missing = Set<String>()
        for id in ids {
            do {
                _ = try await Self.mappingErrors { try await client.send(GetStatus(statusID: id)) }
            } catch NetworkError.failed(_, 404, _) {
                missing.insert(id)
            }
        }
        return missing
    }
}

extension MastodonNetwork: PostDeletingNetwork {
    /// `DELETE /api/v1/statuses/:id`: a 404 means it is gone already; anything else throws.
    public func deletePost(id: String) async throws {
        do {
            _ = try await Self.mappingErrors { try await client.send(DeleteStatus(statusID: id)) }
        } catch NetworkError.failed(_, 404, _) {
            return
        }
    }
}
