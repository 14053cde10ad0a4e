/// What the take-backs have kept in PostgreSQL so far: the human's posts found gone, the
/// bot's copies it deleted, the people on the do-not-interact list. Totals, not since start:
/// the status page, `/metrics` and `doctor` show them.
public struct TakeBackCounts: Sendable, Equatable {
    public var withdrawnSources: Int
    public var deletedCopies: Int
    public var optedOut: Int
}

/// Reads the take-backs' totals and reports them (`BotEvent.takeBackCounts`): at start and
/// after each learning round, so the status board shows what the stores hold, however it
/// changed (a sweep, a stop request, `mirror-bot optout` from another process).
public struct TakeBackTally: Sendable {
    public let withdrawals: any WithdrawalStore
    public let copies: any CopyStore
    public let optOuts: any OptOutStore
    public let log: Logger

    public init(withdrawals: any WithdrawalStore, copies: any CopyStore, optOuts: any OptOutStore, log: Logger) {
        self.withdrawals = withdrawals
        self.copies = copies
        self.optOuts = optOuts
        self.log = log
    }

    public func counts() async throws -> TakeBackCounts {
        TakeBackCounts(
            withdrawnSources: try await withdrawals.withdrawnCount(), deletedCopies: try await copies.deletedCopyCount(),
            optedOut: try await optOuts.optOuts().count)
    }

    /// Reads the totals and reports them.
    public func report() async throws {
        log.report(.takeBackCounts(try await counts()))
    }
}
