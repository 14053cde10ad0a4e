extension SpendLedger {
    /// Shares the spend of this bot's X app from now on (in a host): what the bot spends is added
    /// to the app's, the budget is the app's (the smallest of its bots'), and each write is claimed
    /// in the app's spend before it is sent (`claim`).
    public func share(_ store: any AppSpendStore) async throws {
        let standing = try await store.standing(day: Self.day(of: clock.now()))
        app.withLock { $0 = (store, standing) }
    }

    /// Today's spend and the budget the gate holds it to: this bot's own, or its app's when shared
    /// (never less than this bot's own count, never a budget above its own).
    public func standing() -> (spent: Double, budget: Double?) {
        let own = today().total
        guard let standing = app.withLock({ $0?.standing }) else { return (own, budget) }
        let appSpent = standing.day == Self.day(of: clock.now()) ? standing.spent : 0
        let budgets = [budget, standing.budget].compactMap { $0 }
        return (max(own, appSpent), budgets.min())
    }

    /// Claims `dollars` for a write about to be sent. Alone, always granted (the gate asked
    /// before); shared, granted only when the app's spend stays within its budget with it, atomically
    /// with its other bots' claims. A refusal is said as the gate says one (`budgetReached`, once a
    /// day). Throws when the app's spend could not be reached: nothing is sent then.
    public func claim(_ dollars: Double) async throws -> Bool {
        guard let store = app.withLock({ $0?.store }) else { return true }
        let answer = try await store.claim(dollars, day: Self.day(of: clock.now()))
        keep(answer.standing)
        if !answer.granted { say(.posting, spent: answer.standing.spent, budget: answer.standing.budget ?? 0) }
        return answer.granted
    }

    /// Gives back a claim whose write was not sent; a failure is logged (the app's count then stays high, never low).
    public func refund(_ dollars: Double) async {
        guard let store = app.withLock({ $0?.store }) else { return }
        do {
            keep(try await store.refund(dollars, day: Self.day(of: clock.now())))
        } catch {
            log?.warning("app_spend_not_refunded", ["dollars": dollars, "error": "\(error)"])
        }
    }

    /// Adds a spent line to the app's spend; a failure is logged, never thrown.
    func addToApp(_ line: SpendLine) async {
        guard let store = app.withLock({ $0?.store }) else { return }
        do {
            keep(try await store.add(line.dollars, day: Self.day(of: clock.now())))
        } catch {
            log?.warning("app_spend_not_stored", ["endpoint": line.endpoint, "error": "\(error)"])
        }
    }

    private func keep(_ standing: AppSpend) {
        app.withLock { shared in shared?.standing = standing }
    }
}

/// A write not sent because its claim found no room in the app's budget (bots of one X app in a
/// host): another bot of the app spent it first. The loops see a failed round; their next asks of
/// the gate find the budget spent.
public struct AppBudgetRefusal: Error, Equatable, CustomStringConvertible {
    public var endpoint: String
    public var dollars: Double
    public var spent: Double
    public var budget: Double?

    public init(endpoint: String, dollars: Double, spent: Double, budget: Double?) {
        self.endpoint = endpoint
        self.dollars = dollars
        self.spent = spent
        self.budget = budget
    }

    public var description: String {
        let budget = budget.map { String(format: "$%.3f", $0) } ?? "none"
        return "\(endpoint): not sent: the X app's spend today (\(String(format: "$%.3f", spent)), all its bots) "
            + "leaves no room for \(String(format: "$%.3f", dollars)) within its budget (\(budget), X_DAILY_BUDGET_USD)"
    }
}
