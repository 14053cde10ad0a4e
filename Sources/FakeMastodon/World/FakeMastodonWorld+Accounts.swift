import FakeHTTP
import Foundation
import MastodonAPI

/// The account reads: public on Mastodon (a token, when sent, must be valid).
extension FakeMastodonWorld {
    func answerPublic(_ route: FakeMastodonRoute, request: HTTPRequest) -> HTTPResponse {
        switch route {
        case .accounts: multipleAccounts(request)
        case .account(let id): accounts[id].map { .json(200, $0) } ?? Self.error(404, "Record not found")
        default: Self.error(404, "Record not found")
        }
    }

    /// `GET /api/v1/accounts?id[]=…` as Mastodon 4.3 answers it (`Api::V1::AccountsController#index`):
    /// the ids made unique and read as integers (`to_i`: anything else is 0, no account), more than
    /// 40 of them 422, the accounts found in id order, unknown ones left out. Before 4.3: 404.
    func multipleAccounts(_ request: HTTPRequest) -> HTTPResponse {
        guard multipleLookups else { return Self.error(404, "Record not found") }
        let ids = Self.ids(request)
        guard ids.count <= 40 else { return Self.error(422, "Mastodon::ValidationError") }
        return .json(200, ids.sorted().compactMap { accounts[String($0)] })
    }

    /// The `id[]` parameters as Mastodon reads them (`Array(params[:id]).uniq.map(&:to_i)`): each
    /// value's leading digits as an integer (anything else is 0), duplicates once.
    static func ids(_ request: HTTPRequest) -> [UInt64] {
        var ids: [UInt64] = []
        for value in request.query.filter({ $0.name == "id[]" }).map(\.value) {
            let id = UInt64(value.prefix { $0.isASCII && $0.isNumber }) ?? 0
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}
