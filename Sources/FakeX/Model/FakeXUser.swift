import XAPI

/// A registered account; with credentials it can call the API.
public struct FakeXUser: Sendable, Equatable {
    public var id: String
    public var username: String
    public var name: String
    public var credentials: OAuthCredentials?
    /// The profile's bio: served only to a read asking `user.fields=description`.
    public var description: String

    public init(id: String, username: String, name: String? = nil, credentials: OAuthCredentials? = nil, description: String = "") {
        self.id = id
        self.username = username
        self.name = name ?? username
        self.credentials = credentials
        self.description = description
    }
}
