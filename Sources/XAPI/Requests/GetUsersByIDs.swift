/// `GET /2/users?ids=&user.fields=description,username`: up to 100 users by id, with their
/// bios. A user that does not exist (or is suspended) is left out of `data` and named in
/// `errors[]`.
public struct GetUsersByIDs: XRequest {
    public typealias Response = XResponse<[XUser]>

    /// X takes 1 to 100 ids a request.
    public static let maximum = 100

    public var ids: [String]

    public init(ids: [String]) { self.ids = ids }

    public var method: String { "GET" }
    public var path: String { "/2/users" }
    public var pathTemplate: String { "/2/users" }
    public var query: [(name: String, value: String)] { [("ids", ids.joined(separator: ",")), ("user.fields", "description,username")] }
}
