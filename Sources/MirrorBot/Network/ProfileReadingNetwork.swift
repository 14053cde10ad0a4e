/// Reads people's profile descriptions (bios), in batches where the network allows: what
/// the bot needs to leave alone people whose profile says `#nobot` (`NoBotTag`).
///
/// Kept apart from `SocialNetwork`: a network without it simply reads no profiles. A
/// description comes back as plain text (Mastodon's HTML `note` with its tags stripped).
public protocol ProfileReadingNetwork: Sendable {
    /// The most accounts one request takes (X 100, Mastodon 40, Bluesky 25, Misskey 100).
    var profileBatchSize: Int { get }

    /// The descriptions of `ids` (at most `profileBatchSize` account ids), by id; an account
    /// the network does not answer for (gone, suspended) is left out, an empty bio is "".
    /// Throws when the network does not answer (5xx, 429, a timeout).
    func profileDescriptions(of ids: [String]) async throws -> [String: String]
}

extension ProfileReadingNetwork {
    /// What one profile request asks for: the ids `isValid` accepts (one that is not an id of
    /// this network has no profile to read), each once, in order, at most `profileBatchSize`.
    public func profileRequestIDs(_ ids: [String], where isValid: (String) -> Bool) -> [String] {
        var unique: [String] = []
        for id in ids where unique.count < profileBatchSize && isValid(id) && !unique.contains(id) { unique.append(id) }
        return unique
    }
}
