/// `app.bsky.actor.getProfiles`: detailed profiles (with `description`) of up to 25 actors
/// (the lexicon's required `actors`, `maxLength` 25, each an at-identifier: a DID or a
/// handle). Actors the AppView does not know are left out.
public struct GetProfiles: XRPCRequest {
    public struct Response: Sendable, Codable, Equatable {
        public var profiles: [BlueskyProfile]
    }

    public static let nsid = "app.bsky.actor.getProfiles"
    public static let maximum = 25

    public var actors: [String]

    public init(actors: [String]) { self.actors = Array(actors.prefix(Self.maximum)) }

    public var parameters: [(name: String, value: String)] { actors.map { ("actors", $0) } }
}
