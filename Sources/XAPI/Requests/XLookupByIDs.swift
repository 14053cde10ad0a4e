/// A lookup of up to 100 X objects of one kind by id, `GET /2/<resource>?ids=…`
/// (`GetTweetsByIDs`, `GetUsersByIDs`).
public protocol XLookupByIDs: XRequest {
    /// `tweets`, `users`.
    static var resource: String { get }
    var ids: [String] { get }
    /// What the query asks for besides the ids (`user.fields`); none by default.
    var fields: [(name: String, value: String)] { get }
}

extension XLookupByIDs {
    /// X takes 1 to 100 ids a request.
    public static var maximum: Int { 100 }
    public var fields: [(name: String, value: String)] { [] }

    public var method: String { "GET" }
    public var path: String { "/2/" + Self.resource }
    public var pathTemplate: String { path }
    public var query: [(name: String, value: String)] { [("ids", ids.joined(separator: ","))] + fields }
}
