/// Who wrote the mentions a `MastodonNetwork` has served, so a reply can
/// mention its author: Mastodon notifies people of mentions, not of replies,
/// so a reply that names no one would go unseen. Bounded; the oldest are forgotten.
actor MastodonMentionBook {
    private var authors: [String: String] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 2_000) {
        self.capacity = max(1, capacity)
    }

    /// Remembers that status `statusID` was written by `acct`.
    func remember(statusID: String, acct: String) {
        if authors.updateValue(acct, forKey: statusID) == nil { order.append(statusID) }
        if order.count > capacity {
            let dropped = order.prefix(order.count - capacity)
            for id in dropped { authors[id] = nil }
            order.removeFirst(dropped.count)
        }
    }

    func author(of statusID: String) -> String? { authors[statusID] }

    /// `text` with `@acct ` in front when it does not mention `acct` already.
    static func addressed(_ text: String, to acct: String) -> String {
        let handle = "@" + acct
        if text.lowercased().hasPrefix(handle.lowercased() + " ") || text.lowercased() == handle.lowercased() { return text }
        return handle + " " + text
    }
}
