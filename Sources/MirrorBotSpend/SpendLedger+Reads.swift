import MirrorBot

extension SpendLedger {
    /// How many of `ids`, read now, were not read before this UTC day: X bills a post once a
    /// UTC day however often it is read. Asked of the store (`SpendStore.firstReads`), so a
    /// restart and a second daemon pay no post twice; without one, or when it fails (logged),
    /// of what this process read today.
    public func firstReads(_ ids: [String]) async -> Int {
        let day = Self.day(of: clock.now())
        let local = readToday.withLock { seen in
            if seen.day != day { seen = (day, []) }
            return ids.filter { seen.ids.insert($0).inserted }.count
        }
        guard !ids.isEmpty, let store = store.withLock({ $0 }) else { return local }
        do {
            return try await store.firstReads(of: ids, day: day).count
        } catch {
            log?.warning("paid_reads_not_stored", ["posts": ids.count, "error": "\(error)", "action": "counted as this process saw them"])
            return local
        }
    }
}
