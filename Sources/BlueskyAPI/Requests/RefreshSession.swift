/// `com.atproto.server.refreshSession` (Bearer: the refresh JWT): a new pair of
/// tokens; the old refresh token stops working.
public struct RefreshSession: XRPCRequest {
    public typealias Response = CreateSession.Response

    public static let nsid = "com.atproto.server.refreshSession"
    public static let isProcedure = true

    public init() {}

    public var credential: XRPCCredential { .refresh }
}
