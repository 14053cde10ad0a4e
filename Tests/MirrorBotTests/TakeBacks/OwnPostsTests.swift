import APIClientTestSupport
import CoreTestSupport
import Foundation
import MirrorBot
import Testing

/// Posts imported from another network are never looked up on the bot's network: it would call
/// them missing, and the human's posts would be taken for deleted ones (issue 26).
@Suite("Source checks: only the network's own posts are looked up")
struct OwnPostsTests {
    /// Ids `own-N` carry the time N seconds after 1970; any other id carries none.
    struct SecondsClock: PostIDClock {
        func postTime(ofID id: String) -> Date? {
            id.hasPrefix("own-") ? Double(id.dropFirst(4)).map(Date.init(timeIntervalSince1970:)) : nil
        }
    }

    /// Every lookup answers "missing"; the ids asked and the marks are recorded.
    actor AllMissing: PostLookupNetwork, WithdrawalStore, PostDateStore {
        let dates: [String: Date]
        private(set) var asked: [String] = []
        private(set) var withdrawn: [String] = []
        private(set) var checked: [String] = []

        init(dates: [String: Date]) { self.dates = dates }

        nonisolated var lookupBatchSize: Int { 2 }
        func missingPosts(among ids: [String]) async throws -> Set<String> {
            asked += ids
            return Set(ids)
        }
        func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int {
            withdrawn += ids
            return ids.count
        }
        func markChecked(_ ids: [String], at date: Date) async throws { checked += ids }
        func withdrawnCount() async throws -> Int { withdrawn.count }
        func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] { [] }
        func createdDates(of ids: [String]) async throws -> [String: Date] { dates.filter { ids.contains($0.key) } }
    }

    @Test("an id whose time agrees with created_at is looked up; one made elsewhere is marked checked, never asked, never withdrawn; one not stored is asked")
    func onlyOwnAsked() async throws {
        let dates: [String: Date] = [
            "own-1000": Date(timeIntervalSince1970: 1001),  // its own: a second apart
            "own-5000": Date(timeIntervalSince1970: 1_000_000),  // the same form, another time: elsewhere
            "1800000000000000000": Date(timeIntervalSince1970: 1000),  // no time in the id: elsewhere
        ]
        let store = AllMissing(dates: dates)
        let clock = ManualClock()
        let log = LogRecorder()
        let check = SourceCheck(network: store, store: store, clock: clock, log: log.logger,
                                ownPosts: OwnPosts(clock: SecondsClock(), dates: store))
        let found = try await check.lookUp(["own-1000", "own-5000", "1800000000000000000", "not-stored"], use: .sweep)
        #expect(found.gone == ["own-1000", "not-stored"])
        #expect(found.elsewhere == 2)
        #expect(await store.asked == ["own-1000", "not-stored"])
        #expect(Set(await store.withdrawn) == ["own-1000", "not-stored"])
        #expect(await store.checked == ["own-5000", "1800000000000000000"])
        #expect(try await check.isGone("own-5000", use: .post) == false)
        #expect(await store.asked == ["own-1000", "not-stored"])
    }

    @Test("without OwnPosts every id is looked up, as before")
    func withoutOwnPosts() async throws {
        let store = AllMissing(dates: [:])
        let check = SourceCheck(network: store, store: store, clock: ManualClock(), log: LogRecorder().logger)
        #expect(try await check.gone(among: ["a", "b", "c"], use: .sweep) == ["a", "b", "c"])
        #expect(await store.asked == ["a", "b", "c"])
    }
}
