/// One caller at a time per account within a process: the session stores' `exclusively`
/// takes a turn here first (the PostgreSQL store's advisory lock alone would not do:
/// it is re-entrant within the one connection the process shares).
public actor BlueskyAccountTurns {
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    public init() {}

    /// Runs `body` once no other caller runs one for `account`; callers go in the order they came.
    public func run<T: Sendable>(_ account: String, _ body: @Sendable () async throws -> T) async throws -> T {
        while busy.contains(account) {
            await withCheckedContinuation { waiting[account, default: []].append($0) }
        }
        busy.insert(account)
        defer {
            busy.remove(account)
            if var queue = waiting[account], !queue.isEmpty {
                queue.removeFirst().resume()
                waiting[account] = queue
            }
        }
        return try await body()
    }
}
