import FakeHTTP
import Foundation
import MastodonAPI

extension FakeMastodonWorld {
    /// `POST /api/v1/statuses` (form or JSON). A repeated `Idempotency-Key`
    /// returns the status it created, without a second write. Duplicates are
    /// accepted, as on Mastodon.
    mutating func postStatus(_ request: HTTPRequest, account: MastodonAccount, now: Date) -> HTTPResponse {
        let fields = Self.fields(of: request)
        let key = request.headers["idempotency-key"].map { account.id + " " + $0 }
        if let key, let id = idempotencyKeys[key], let status = statuses[id], let api = api(status) {
            return .json(200, api)
        }
        let text = fields["status"] ?? ""
        let mediaIDs: [String]
        switch attachable(Self.mediaIDs(of: request), account: account) {
        case .success(let ids): mediaIDs = ids
        case .failure(let refusal): return refusal.response
        }
        // Text may be blank only with media (Status validates `text` unless media are attached).
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !mediaIDs.isEmpty else {
            return Self.error(422, "Validation failed: Text can't be blank")
        }
        // The warning counts toward the limit with the text (Mastodon's StatusLengthValidator).
        let spoilerText = fields["spoiler_text"] ?? ""
        guard text.count + spoilerText.count <= 500 else { return Self.error(422, "Validation failed: Text character limit of 500 exceeded") }
        // Rails' boolean cast; a status with a warning is sensitive whatever was sent (PostStatusService).
        let sensitive = ["true", "1", "t", "on"].contains((fields["sensitive"] ?? "").lowercased()) || !spoilerText.isEmpty
        let visibility = fields["visibility"] ?? "public"
        guard ["public", "unlisted", "private", "direct"].contains(visibility) else {
            return Self.error(422, "Validation failed: Visibility is not included in the list")
        }
        var target: FakeMastodonStatus?
        if let targetID = fields["in_reply_to_id"], !targetID.isEmpty {
            guard let found = statuses[targetID] else { return Self.error(404, "Record not found") }
            target = found
        }
        var status = insertStatus(
            accountID: account.id, text: text, createdAt: now, inReplyToID: target?.id, visibility: visibility, reblogOfID: nil)
        status.spoilerText = spoilerText
        status.sensitive = sensitive
        status.mediaIDs = mediaIDs
        for id in mediaIDs { media[id]?.statusID = status.id }
        statuses[status.id] = status
        if let key { idempotencyKeys[key] = status.id }
        if let target {
            writes.append(.reply(id: status.id, accountID: account.id, text: text, inReplyToID: target.id))
        } else {
            writes.append(.post(id: status.id, accountID: account.id, text: text, visibility: visibility))
        }
        guard let api = api(status) else { return Self.error(500, "Internal error") }
        return .json(200, api)
    }

    /// `POST /api/v1/statuses/:id/favourite`: idempotent; a repeat writes nothing.
    mutating func favourite(_ statusID: String, account: MastodonAccount) -> HTTPResponse {
        guard let status = statuses[statusID], let api = api(status) else { return Self.error(404, "Record not found") }
        if !favourites.contains(where: { $0.accountID == account.id && $0.statusID == statusID }) {
            addFavourite(accountID: account.id, statusID: statusID)
            writes.append(.favourite(accountID: account.id, statusID: statusID))
        }
        return .json(200, api)
    }

    /// `media_ids[]` of a form (repeated, in order) or `media_ids` of a JSON body.
    static func mediaIDs(of request: HTTPRequest) -> [String] {
        let type = request.headers["content-type"]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
            return (object?["media_ids"] as? [Any])?.map { "\($0)" } ?? []
        }
        return MastodonPercentEncoding.parseForm(String(decoding: request.body, as: UTF8.self))
            .filter { $0.name == "media_ids[]" }.map(\.value)
    }

    /// The request's parameters from a form or JSON body (and the query).
    static func fields(of request: HTTPRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in request.query { fields[name] = value }
        let type = request.headers["content-type"]?.lowercased() ?? ""
        if type.hasPrefix("application/json"),
            let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
        {
            for (name, value) in object {
                if let text = value as? String { fields[name] = text } else if let number = value as? NSNumber { fields[name] = number.stringValue }
            }
        } else {
            for (name, value) in MastodonPercentEncoding.parseForm(String(decoding: request.body, as: UTF8.self)) { fields[name] = value }
        }
        return fields
    }
}
