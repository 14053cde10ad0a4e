import MastodonAPI
import MirrorBot

extension MastodonNetwork: PostLookupNetwork {
    public var lookupBatchSize: Int { GetStatuses.maximum }

    /// One `GET /api/v1/statuses?id[]=…` (up to 20 ids, Mastodon 4.3 and later): an id it leaves
    /// out is missing (deleted, or no longer visible to this account: the human's own lookups see
    /// all of theirs). A server older than 4.3 answers that route 404: each status is then read
    /// with `GET /api/v1/statuses/:id`, a 404 there meaning missing. Any other failure throws.
    public func missingPosts(among ids: [String]) async throws -> Set<String> {
        var unique: [String] = []
        for id in ids where !id.isEmpty && !unique.contains(id) { unique.append(id) }
        let request = GetStatuses(ids: unique)
        guard !request.ids.isEmpty else { return [] }
        do {
            let found = Set(try await Self.mappingErrors { try await client.send(request) }.map(\.id))
            return Set(request.ids.filter { !found.contains($0) })
        } catch NetworkError.failed(_, 404, _) {
            var missing = Set<String>()
            for id in request.ids {
                do {
                    _ = try await Self.mappingErrors { try await client.send(GetStatus(statusID: id)) }
                } catch NetworkError.failed(_, 404, _) {
                    missing.insert(id)
                }
            }
            return missing
        }
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
