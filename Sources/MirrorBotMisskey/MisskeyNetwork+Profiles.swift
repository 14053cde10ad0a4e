import MirrorBot
import MisskeyAPI

extension MisskeyNetwork: ProfileReadingNetwork {
    public var profileBatchSize: Int { ShowUsers.batch }

    /// One `users/show` with `userIds` (up to 100): each found user's `description`.
    /// An id that is not a Misskey id is not sent.
    public func profileDescriptions(of ids: [String]) async throws -> [String: String] {
        let userIds = profileRequestIDs(ids, where: MisskeyID.isValid)
        guard !userIds.isEmpty else { return [:] }
        let users = try await Self.mappingErrors { try await client.send(ShowUsers(userIds: userIds)) }
        var descriptions: [String: String] = [:]
        for user in users where userIds.contains(user.id) { descriptions[user.id] = user.description ?? "" }
        return descriptions
    }
}
