import MirrorBot
import XAPI

extension XNetwork: PostLookupNetwork {
    public var lookupBatchSize: Int { GetTweetsByIDs.maximum }

    /// One `GET /2/tweets?ids=` (up to 100 ids): the ids its `errors[]` names `resource-not-found`.
    /// The posts it returned are counted by the spend meter (a read each).
    /// An id that is not an X post id (`^[0-9]{1,19}$`: a post imported from a JSONL file with
    /// ids of its own) cannot be looked up: it is not sent, and not counted missing.
    public func missingPosts(among ids: [String]) async throws -> Set<String> {
        let ids = ids.filter { (1...19).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !ids.isEmpty else { return [] }
        let request = GetTweetsByIDs(ids: Array(ids.prefix(GetTweetsByIDs.maximum)))
        let response = try await Self.mappingErrors { try await client.send(request) }
        await meter?.lookedUp(ids: (response.data ?? []).map(\.id))
        return GetTweetsByIDs.missing(in: response, among: request.ids)
    }
}

extension XNetwork: PostDeletingNetwork {
    /// `DELETE /2/tweets/:id`: done when `data.deleted` is true, or when `errors[]` says the
    /// post does not exist (deleted already); anything else throws. A delete done is counted by
    /// the spend meter.
    public func deletePost(id: String) async throws {
        let request = DeleteTweet(tweetID: id)
        let response = try await Self.mappingErrors { try await client.send(request) }
        if response.data?.deleted == true {
            await meter?.deleted()
            return
        }
        let missing = (response.errors ?? []).contains { $0.type?.hasSuffix("/problems/resource-not-found") == true }
        guard missing else {
            throw NetworkError.failed(
                endpoint: request.endpoint, status: 200, detail: response.errors?.compactMap(\.summary).first ?? "the post was not deleted")
        }
    }
}
