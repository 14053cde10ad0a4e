/// The day's spend of every bot of one X app together, where all of them reach it (a host's
/// registry): X bills the app's account, so in a host the budget holds over the app's bots,
/// whichever host runs each. `SpendLedger.share(_:)` adds what its bot spends here and claims
/// each write before it is sent.
public protocol AppSpendStore: Sendable {
    /// The app's standing on `day`.
    func standing(day: String) async throws -> AppSpend
    /// Adds `dollars` already spent on `day` (a read's posts, known once it is answered).
    func add(_ dollars: Double, day: String) async throws -> AppSpend
    /// Claims `dollars` on `day` for a write about to be sent, atomically with every other bot's
    /// claims: granted only when the app's spend stays within its budget.
    func claim(_ dollars: Double, day: String) async throws -> AppSpendClaim
    /// Gives back `dollars` claimed on `day` for a write that was not sent.
    func refund(_ dollars: Double, day: String) async throws -> AppSpend
}

/// One app's spend on one UTC day, all its bots together, and the budget that holds it.
public struct AppSpend: Sendable, Equatable {
    public var day: String
    public var spent: Double
    /// The app's daily budget: the smallest `X_DAILY_BUDGET_USD` of its bots; nil: none.
    public var budget: Double?

    public init(day: String, spent: Double, budget: Double?) {
        self.day = day
        self.spent = spent
        self.budget = budget
    }
}

/// The answer to a claim: whether it was granted, and the app's standing after it.
public struct AppSpendClaim: Sendable, Equatable {
    public var granted: Bool
    public var standing: AppSpend

    public init(granted: Bool, standing: AppSpend) {
        self.granted = granted
        self.standing = standing
    }
}
