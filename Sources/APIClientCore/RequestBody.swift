import Foundation
import HTTPSupport

/// A request body with its content type.
public struct RequestBody: Sendable, Equatable {
    public var data: Data
    public var contentType: String

    /// Bytes as they are, sent as `contentType` (a Bluesky blob upload).
    public init(data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// `application/json`.
    public static func json(_ data: Data) -> RequestBody {
        RequestBody(data: data, contentType: "application/json")
    }

    /// `application/x-www-form-urlencoded`, names and values RFC 3986-encoded.
    public static func form(_ fields: [(name: String, value: String)]) -> RequestBody {
        RequestBody(data: Data(PercentEncoding.formString(fields).utf8), contentType: "application/x-www-form-urlencoded")
    }
}
