/// A user as `/2/users/me` and `includes.users` return it.
public struct XUser: Sendable, Equatable, Codable {
    public var id: String
    public var username: String
    public var name: String?

    public init(id: String, username: String, name: String? = nil) {
        self.id = id
        self.username = username
        self.name = name
    }
}
