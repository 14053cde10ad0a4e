import BlueskyAPI
import MirrorBot

extension BlueskyNetwork: ProfileReadingNetwork {
    public var profileBatchSize: Int { GetProfiles.maximum }

    /// One `app.bsky.actor.getProfiles` (up to 25 actors): each found profile's `description`
    /// ("" when it has none). An id that is not a DID is not sent (and has no profile to read).
    public func profileDescriptions(of ids: [String]) async throws -> [String: String] {
        let actors = profileRequestIDs(ids, where: ATProtoSyntax.isDID)
        guard !actors.isEmpty else { return [:] }
        let request = GetProfiles(actors: actors)
        let profiles = try await Self.mappingErrors { try await client.send(request) }.profiles
        var descriptions: [String: String] = [:]
        for profile in profiles where request.actors.contains(profile.did) { descriptions[profile.did] = profile.description ?? "" }
        return descriptions
    }
}
