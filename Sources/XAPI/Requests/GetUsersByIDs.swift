/// `GET /2/users?ids=&user.fields=description,username`: up to 100 users by id, with their
/// bios. A user that does not exist (or is suspended) is left out of `data` and named in
/// `errors[]`.
public struct GetUsersByIDs: XLookupByIDs {
    public typealias Response = XResponse<[XUser]>
    public static let resource = "users"
    public var ids: [String]

    public init(ids: [String]) { self.ids = ids }

    public var fields: [(name: String, value: String)] { [("user.fields", "description,username")] }
}
