/// What the loops ask a network that charges for its API (X: the spend ledger, MirrorBotSpend):
/// whether the day's budget leaves room for a use, and whether a text is priced as a post with a
/// URL. `DaemonSettings.spending` holds one on such a network only, so its presence also says
/// that reads are paid (reads that buy nothing are left out).
public protocol SpendGate: Sendable {
    /// True when the budget leaves room for `use`; the first refusal of each kind a day is reported.
    func allows(_ use: SpendUse) -> Bool
    /// Whether the network prices `text` as a post containing a URL.
    func isLinkPost(_ text: String) -> Bool
}

/// What a loop is about to spend on, as the budget sees it (`SpendGate.allows`).
public enum SpendUse: Sendable, Equatable {
    /// A read that only informs: the like loop's home timeline, the learning loop's reads.
    case optionalRead
    /// A read that serves a post: the mentions the reply loop answers.
    case essentialRead
    /// A post or a reply of this text.
    case post(text: String, reply: Bool)
    /// A post of this text carrying `pictures` uploads, `described` of them given alt text or a
    /// sensitive mark (X bills each upload and each metadata request).
    case picturePost(text: String, pictures: Int, described: Int)

    /// The budget's view of posting `source` (whole: with its pictures).
    public static func posting(_ source: Post, whole: Bool) -> SpendUse {
        guard whole, !source.media.isEmpty else { return .post(text: source.text, reply: false) }
        let described = source.media.filter { $0.altText != nil || $0.sensitive }.count
        return .picturePost(text: source.text, pictures: source.media.count, described: described)
    }
}

/// What the budget stopped, once a day each (`BotEvent.budgetReached`).
public enum BudgetStop: String, Sendable, Equatable {
    /// Reads that only inform, at the gate's share of the budget (the ledger's `readsShare`).
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
