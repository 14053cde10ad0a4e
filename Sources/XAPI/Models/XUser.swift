/// A user as `/2/users/me` and `includes.users` return it.
public struct XUser: Sendable, Equatable, Codable {
    public var id: String
    public var username: String
    public var name: String?
    /// The profile's bio, when asked for (`user.fields=description`).
    public var description: String?

    public init(id: String, username: String, name: String? = nil, description: String? = nil) {
        self.id = id
        self.username = username
        self.name = name
        self.description = description
    }
}
