/// How much a status board keeps. `start`'s own page shows everything (`full`); a host keeps
/// a board for each of its bots, possibly thousands, and shows only their counts (`counts`).
public enum StatusDetail: Sendable, Equatable {
    /// Counters, loops, services, today's plan, the last post and reply, the last 50 actions,
    /// the classifier's recent decisions and features, the posting rhythm (read once a day).
    case full
    /// Counters, loops, services, today's plan, the last post and reply: no action list, no
    /// classifier decisions, no rhythm (so no daily read of the rhythm from PostgreSQL either).
    case counts
}
