/// `app.bsky.notification.listNotifications` for some `reasons` (`mention`, `reply`, `quote`).
public struct ListNotifications: XRPCRequest {
    public typealias Response = BlueskyNotificationPage
    public static let nsid = "app.bsky.notification.listNotifications"

    public var reasons: [String]
    public var page: XRPCPage

    public init(reasons: [String], page: XRPCPage = XRPCPage()) {
        self.reasons = reasons
        self.page = page
    }

    public var parameters: [(name: String, value: String)] { reasons.map { ("reasons", $0) } + page.parameters }
}
