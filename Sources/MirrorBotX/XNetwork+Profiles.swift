import MirrorBot
import XAPI

extension XNetwork: ProfileReadingNetwork {
    public var profileBatchSize: Int { GetUsersByIDs.maximum }

    /// One `GET /2/users?ids=` (up to 100 ids, `user.fields=description`): each found user's bio.
    /// An id that is not an X user id is not sent (and has no profile to read).
    public func profileDescriptions(of ids: [String]) async throws -> [String: String] {
        let ids = profileRequestIDs(ids) { (1...19).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !ids.isEmpty else { return [:] }
        let request = GetUsersByIDs(ids: ids)
        let response = try await Self.mappingErrors { try await client.send(request) }
        var descriptions: [String: String] = [:]
        for user in response.data ?? [] where request.ids.contains(user.id) { descriptions[user.id] = user.description ?? "" }
        return descriptions
    }
}
