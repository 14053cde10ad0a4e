import Foundation
import MastodonAPI

extension FakeMastodonWorld {
    /// Stores a status with a fresh, time-ordered id; notifies the accounts it
    /// mentions and the one it replies to.
    @discardableResult
    mutating func insertStatus(
        id: String? = nil, accountID: String, text: String, createdAt: Date, inReplyToID: String?, visibility: String, reblogOfID: String?
    ) -> FakeMastodonStatus {
        let target = inReplyToID.flatMap { statuses[$0] }
        let mentioned = FakeMastodonStatus.mentionedNames(in: text).compactMap { name in
            accounts.values.first { $0.username.lowercased() == name.lowercased() }?.id
        }
        let status = FakeMastodonStatus(
            id: id ?? nextStatusID(at: createdAt), accountID: accountID, text: text, createdAt: createdAt,
            inReplyToID: target?.id, inReplyToAccountID: target?.accountID, visibility: visibility,
            reblogOfID: reblogOfID, mentionedIDs: mentioned)
        statuses[status.id] = status
        guard reblogOfID == nil else { return status }
        var notified = Set<String>()
        for recipient in mentioned + [target?.accountID].compactMap({ $0 }) where recipient != accountID {
            guard notified.insert(recipient).inserted else { continue }
            lastRecordID += 1
            notifications.append((lastRecordID, recipient, status.id))
        }
        return status
    }

    mutating func addFavourite(accountID: String, statusID: String) {
        guard !favourites.contains(where: { $0.accountID == accountID && $0.statusID == statusID }) else { return }
        lastRecordID += 1
        favourites.append((lastRecordID, accountID, statusID))
    }

    /// Mastodon-like ids: milliseconds since 1970 shifted by 16 bits, always increasing.
    mutating func nextStatusID(at date: Date) -> String {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        lastStatusNumber = max(milliseconds << 16, lastStatusNumber + 1)
        return String(lastStatusNumber)
    }
}
