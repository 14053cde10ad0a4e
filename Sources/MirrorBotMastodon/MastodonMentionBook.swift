import MirrorBot
/// What a `MastodonNetwork` learned from the mentions it served: each
/// status's author (Mastodon notifies people of mentions, not of replies, so
/// a reply must name its author) and its notification id (notifications page
/// by their own ids, while the daemon's cursor is a status id). Bounded; the
/// oldest entries are forgotten.
actor MastodonMentionBook {
    struct Entry: Sendable {
        var acct: String
        var notificationID: String
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 2_000) {
        self.capacity = max(1, capacity)
    }

    /// Remembers that status `statusID`, written by `acct`, came as notification `notificationID`.
    func remember(statusID: String, acct: String, notificationID: String) {
        if entries.updateValue(Entry(acct: acct, notificationID: notificationID), forKey: statusID) == nil {
            order.append(statusID)
        }
        if order.count > capacity {
            let dropped = order.prefix(order.count - capacity)
            for id in dropped { entries[id] = nil }
            order.removeFirst(dropped.count)
        }
    }

    func author(of statusID: String) -> String? { entries[statusID]?.acct }

    func notificationID(of statusID: String) -> String? { entries[statusID]?.notificationID }

    /// `text` with `@acct ` in front when it does not start with that mention already.
    static func addressed(_ text: String, to acct: String) -> String {
        let handle = "@" + acct.lowercased()
        let lowered = text.lowercased()
        if lowered == handle || lowered.hasPrefix(handle + " ") || lowered.hasPrefix(handle + "\n") { return text }
        return "@" + acct + " " + text
    }
}
