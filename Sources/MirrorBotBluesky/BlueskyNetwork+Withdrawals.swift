import BlueskyAPI
import MirrorBot

extension BlueskyNetwork: PostLookupNetwork {
    /// `app.bsky.feed.getPosts` takes up to 25 URIs.
    public var lookupBatchSize: Int { GetPosts.maximum }

    /// One `getPosts` (up to 25 URIs): a URI the answer leaves out is missing (the record was
    /// deleted; the human's own session sees all of theirs). A failed request throws.
    /// An id that is not an `at://` URI (a post imported from a JSONL file) cannot be looked up:
    /// it is not sent, and not counted missing.
    public func missingPosts(among ids: [String]) async throws -> Set<String> {
        let ids = ids.filter { ATURI($0) != nil }
        guard !ids.isEmpty else { return [] }
        let request = GetPosts(uris: ids)
        let found = Set(try await Self.mappingErrors { try await client.send(request) }.posts.map(\.uri))
        return Set(request.uris.filter { !found.contains($0) })
    }
}

extension BlueskyNetwork: PostDeletingNetwork {
    /// `com.atproto.repo.deleteRecord` of the record at the post's `at://` URI (the session's own);
    /// a record already gone is no error.
    public func deletePost(id: String) async throws {
        guard let uri = ATURI(id) else {
            throw NetworkError.failed(endpoint: "POST \(DeleteRecord.nsid)", status: 0, detail: "not an at:// URI: \(id)")
        }
        _ = try await Self.mappingErrors {
            try await client.send(DeleteRecord(uri))
        }
    }
}
