/// `GET /2/users/me`: the authenticated user.
public struct GetMe: XRequest {
    public typealias Response = XResponse<XUser>

    public init() {}

    public var method: String { "GET" }
    public var path: String { "/2/users/me" }
    public var pathTemplate: String { "/2/users/me" }
    public var query: [(name: String, value: String)] { [("user.fields", XFields.userFields)] }
}
