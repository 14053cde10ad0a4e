/// `GET /2/users/me`: the authenticated user.
public struct GetMe: XRequest {
    public typealias Response = XResponse<XUser>

    /// `user.fields`: `username` unless more is asked for (`doctor` asks for `description` too).
    public var userFields: String

    public init(userFields: String = XFields.userFields) { self.userFields = userFields }

    public var method: String { "GET" }
    public var path: String { "/2/users/me" }
    public var pathTemplate: String { "/2/users/me" }
    public var query: [(name: String, value: String)] { [("user.fields", userFields)] }
}
