import APIClientCore
import Foundation

/// One Misskey API call: `POST /api/<name>` with the request's own properties as the JSON
/// body (Misskey takes every parameter in the body; `Encodable` leaves nil ones out).
public protocol MisskeyRequest: APIRequest, Encodable where Failure == MisskeyAPIError {
    /// `notes/create`, `users/notes`, `i`, …
    static var name: String { get }
}

extension MisskeyRequest {
    public var method: String { "POST" }
    public var path: String { "/api/" + Self.name }
    public var pathTemplate: String { path }

    public var requestBody: RequestBody? {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return .json(try encoder.encode(self))
        }
    }

    /// 401: the token was rejected; any other refusal keeps Misskey's error code.
    public func failure(status: Int, errorCode: String?, detail: String) -> MisskeyAPIError {
        status == 401
            ? .unauthorized(endpoint: endpoint, detail: detail)
            : .refused(endpoint: endpoint, status: status, code: errorCode, detail: detail)
    }

    public func failure(status: Int, detail: String) -> MisskeyAPIError {
        failure(status: status, errorCode: nil, detail: detail)
    }
}

/// Something with a Misskey id: what a pager walks by.
public protocol MisskeyIdentified: Sendable, Decodable {
    var id: String { get }
}

extension MisskeyNote: MisskeyIdentified {}
extension MisskeyNotification: MisskeyIdentified {}
extension MisskeyUserReaction: MisskeyIdentified {}

/// A list endpoint's own parameters; `MisskeyPaged` adds the paging ones.
public protocol MisskeyPagedQuery: Sendable, Encodable {
    associatedtype Item: MisskeyIdentified
    /// `users/notes`, `i/notifications`, …
    static var name: String { get }
}

/// A list endpoint paged by `sinceId` / `untilId` (ids of the listed items). With only
/// `sinceId` Misskey answers oldest first; otherwise newest first
/// (`packages/backend/src/core/QueryService.ts` `makePaginationQuery`). The body is the
/// query's parameters and the page's side by side, as the endpoint declares them.
public struct MisskeyPaged<Query: MisskeyPagedQuery>: MisskeyRequest {
    public typealias Response = [Query.Item]
    public static var name: String { Query.name }
    public var query: Query
    public var limit: Int
    public var sinceId: String?
    public var untilId: String?

    public init(_ query: Query, limit: Int = 100, sinceId: String? = nil, untilId: String? = nil) {
        self.query = query
        self.limit = limit
        self.sinceId = sinceId
        self.untilId = untilId
    }

    private enum PageKeys: String, CodingKey { case limit, sinceId, untilId }

    public func encode(to encoder: any Encoder) throws {
        try query.encode(to: encoder)
        var page = encoder.container(keyedBy: PageKeys.self)
        try page.encode(limit, forKey: .limit)
        try page.encodeIfPresent(sinceId, forKey: .sinceId)
        try page.encodeIfPresent(untilId, forKey: .untilId)
    }
}
