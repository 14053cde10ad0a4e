/// `app.bsky.actor.getProfile`: an account by handle or DID, its labels included.
public struct GetProfile: XRPCRequest {
    public typealias Response = BlueskyProfile
    public static let nsid = "app.bsky.actor.getProfile"

    public var actor: String

    public init(actor: String) { self.actor = actor }

    public var parameters: [(name: String, value: String)] { [("actor", actor)] }
}
