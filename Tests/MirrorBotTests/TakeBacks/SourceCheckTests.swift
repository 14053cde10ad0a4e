import APIClientTestSupport
import CoreTestSupport
import Foundation
import MirrorBot
import Testing

@Suite("Source checks: what is found still there is marked checked in few statements")
struct SourceCheckTests {
    struct LookupFailed: Error {}

    /// A network that looks a post up a request (Mastodon's and Misskey's way): ids in `missing`
    /// are gone, `failing` fails its lookup; the store records each call's ids.
    actor OneAtATime: PostLookupNetwork, WithdrawalStore {
        let missing: Set<String>
        let failing: String?
        private(set) var withdrawn: [String] = []
        private(set) var checkedCalls: [[String]] = []

        init(missing: Set<String>, failing: String? = nil) {
            self.missing = missing
            self.failing = failing
        }

        nonisolated var lookupBatchSize: Int { 1 }
        func missingPosts(among ids: [String]) async throws -> Set<String> {
            if ids.contains(where: { $0 == failing }) { throw LookupFailed() }
            return Set(ids).intersection(missing)
        }
        func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int {
            withdrawn += ids
            return ids.count
        }
        func markChecked(_ ids: [String], at date: Date) async throws { checkedCalls.append(ids) }
        func withdrawnCount() async throws -> Int { withdrawn.count }
        func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] { [] }
    }

    @Test("1,200 posts looked up one a request: the gone ones withdrawn, the others marked checked 500 a statement, each once")
    func markedInBulk() async throws {
        let ids = (0..<1_200).map { "n\($0)" }
        let gone = Set(ids.enumerated().filter { $0.offset % 100 == 7 }.map(\.element))
        let network = OneAtATime(missing: gone)
        let check = SourceCheck(network: network, store: network, clock: ManualClock(), log: LogRecorder().logger)
        #expect(try await check.gone(among: ids, use: .sweep) == gone)
        #expect(Set(await network.withdrawn) == gone)
        let calls = await network.checkedCalls
        #expect(calls.map(\.count) == [500, 500, 188])
        #expect(calls.flatMap { $0 } == ids.filter { !gone.contains($0) })
    }

    @Test("a lookup that fails: those found still there before it are marked checked, the failure reaches the caller, nothing after it is asked")
    func failureMarksWhatWasFound() async throws {
        let ids = (0..<10).map { "n\($0)" }
        let network = OneAtATime(missing: ["n2"], failing: "n6")
        let check = SourceCheck(network: network, store: network, clock: ManualClock(), log: LogRecorder().logger)
        await #expect(throws: LookupFailed.self) { try await check.gone(among: ids, use: .sweep) }
        #expect(await network.withdrawn == ["n2"])
        #expect(await network.checkedCalls == [["n0", "n1", "n3", "n4", "n5"]])
    }
}
