import FakeHTTP
import Foundation
import MastodonAPI

extension FakeMastodonWorld {
    /// `GET /api/v1/statuses/:id`: the status, or 404 `Record not found` when it does not
    /// exist (deleted) or `account` may not see it (followers-only to a non-follower, direct
    /// to one not mentioned), as Mastodon answers both.
    func lookup(_ id: String, account: MastodonAccount) -> HTTPResponse {
        guard let status = statuses[id], canSee(status, account: account), let api = api(status) else {
            return Self.error(404, "Record not found")
        }
        return .json(200, api)
    }

    /// `GET /api/v1/statuses?id[]=…` as Mastodon 4.3 answers it (`Api::V1::StatusesController#index`):
    /// the ids made unique and read as integers (`to_i`: anything else is 0, no status), more than
    /// 20 of them 422, the statuses `account` may see in id order, the others (deleted, hidden from
    /// it) left out. Before 4.3: 404.
    func lookup(_ request: HTTPRequest, account: MastodonAccount) -> HTTPResponse {
        guard multipleLookups else { return Self.error(404, "Record not found") }
        let ids = Self.ids(request)
        guard ids.count <= 20 else { return Self.error(422, "Mastodon::ValidationError") }
        return .json(200, ids.sorted().compactMap { id in
            statuses[String(id)].flatMap { canSee($0, account: account) ? api($0) : nil }
        })
    }

    /// `DELETE /api/v1/statuses/:id`: the author deletes their status and gets it back;
    /// anyone else's, or one that does not exist, is 404 (Mastodon looks among the caller's own).
    mutating func deleteStatus(_ id: String, account: MastodonAccount) -> HTTPResponse {
        guard let status = statuses[id], status.accountID == account.id, let api = api(status) else {
            return Self.error(404, "Record not found")
        }
        removeStatus(id)
        writes.append(.delete(id: id, accountID: account.id))
        return .json(200, api)
    }

    /// Removes a status, its favourites and its notifications.
    mutating func removeStatus(_ id: String) {
        statuses[id] = nil
        favourites.removeAll { $0.statusID == id }
        notifications.removeAll { $0.statusID == id }
    }

    func canSee(_ status: FakeMastodonStatus, account: MastodonAccount) -> Bool {
        switch status.visibility {
        case "private": status.accountID == account.id || (follows[account.id] ?? []).contains(status.accountID)
        case "direct": status.accountID == account.id || status.mentionedIDs.contains(account.id)
        default: true
        }
    }
}
