/// What a loop is about to spend on, as the budget sees it (`SpendLedger.allows`).
public enum SpendUse: Sendable, Equatable {
    /// A read that only informs: the like loop's home timeline, the learning loop's reads.
    case optionalRead
    /// A read that serves a post: the mentions the reply loop answers.
    case essentialRead
    /// A post or a reply of this text.
    case post(text: String, reply: Bool)
}

/// What the budget stopped, once a day each (`BotEvent.budgetReached`).
public enum BudgetStop: String, Sendable, Equatable {
    /// Reads that only inform, at `SpendLedger.readsShare` of the budget.
    case reads
    /// Posts, replies and the mentions' reads, when the next post would pass the budget.
    case posting

    /// What the line and the status page say.
    public var reason: String {
        switch self {
        case .reads: "reads for likes and learning stopped for the rest of the UTC day (budget nearly spent)"
        case .posting: "posts, replies and mention reads stopped for the rest of the UTC day (budget spent)"
        }
    }
}

/// What a post costs on the network: the X adapter's price table says (a URL, a reply).
public protocol PostPricing: Sendable {
    func price(ofPost text: String, reply: Bool) -> Double
    /// Whether the network counts `text` as a post containing a URL.
    func hasURL(_ text: String) -> Bool
}
