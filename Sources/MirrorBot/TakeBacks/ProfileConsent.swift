import Foundation
import Clocks

/// Who says no in their profile (`#nobot` and the like): read through the network at most
/// once a day per person, in the network's batches, and kept in `store` across restarts.
public struct ProfileConsent: Sendable {
    public let network: any ProfileReadingNetwork
    public let store: any ProfileStore
    public let clock: any BotClock
    /// How long a profile read stays good: a day.
    public static let freshness: TimeInterval = 86_400

    public init(network: any ProfileReadingNetwork, store: any ProfileStore, clock: any BotClock) {
        self.network = network
        self.store = store
        self.clock = clock
    }

    /// Of `authorIDs`, those whose profile says no. Profiles read within the day come from the
    /// store; the rest are read in batches and stored (an account the network does not answer
    /// for counts as saying nothing). Throws when a read fails: the caller acts on nobody.
    public func sayNo(among authorIDs: [String]) async throws -> Set<String> {
        var unique: [String] = []
        for id in authorIDs where !unique.contains(id) { unique.append(id) }
        guard !unique.isEmpty else { return [] }
        let now = clock.now()
        var verdicts = try await store.profileVerdicts(of: unique, readSince: now.addingTimeInterval(-Self.freshness))
        let stale = unique.filter { verdicts[$0] == nil }
        let size = max(1, network.profileBatchSize)
        for start in stride(from: 0, to: stale.count, by: size) {
            let batch = Array(stale[start..<min(start + size, stale.count)])
            let descriptions = try await network.profileDescriptions(of: batch)
            var read: [String: Bool] = [:]
            for id in batch { read[id] = descriptions[id].map(NoBotTag.says) ?? false }
            try await store.storeProfileVerdicts(read, readAt: now)
            verdicts.merge(read) { $1 }
        }
        return Set(unique.filter { verdicts[$0] == true })
    }
}
