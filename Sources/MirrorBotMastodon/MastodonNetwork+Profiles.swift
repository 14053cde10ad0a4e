import MastodonAPI
import MirrorBot

extension MastodonNetwork: ProfileReadingNetwork {
    public var profileBatchSize: Int { GetAccounts.maximum }

    /// One `GET /api/v1/accounts?id[]=…` (up to 40 ids, Mastodon 4.3 and later): each found
    /// account's `note`, its HTML read back to plain text. A server older than 4.3 answers that
    /// route 404: the accounts are then read one `GET /api/v1/accounts/:id` at a time, a 404
    /// there meaning no such account. Any other failure throws.
    public func profileDescriptions(of ids: [String]) async throws -> [String: String] {
        let unique = profileRequestIDs(ids) { !$0.isEmpty }
        guard !unique.isEmpty else { return [:] }
        let request = GetAccounts(ids: unique)
        var accounts: [MastodonAccount]
        do {
            accounts = try await Self.mappingErrors { try await client.send(request) }
        } catch NetworkError.failed(_, 404, _) {
            accounts = []
            for id in request.ids {
                do {
                    accounts.append(try await Self.mappingErrors { try await client.send(GetAccount(accountID: id)) })
                } catch NetworkError.failed(_, 404, _) {
                    continue
                }
            }
        }
        var descriptions: [String: String] = [:]
        for account in accounts where request.ids.contains(account.id) {
            descriptions[account.id] = MastodonHTML.plainText(account.note ?? "")
        }
        return descriptions
    }
}
