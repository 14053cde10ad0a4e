/// A page of notifications.
public struct BlueskyNotificationPage: Sendable, Codable, Equatable {
    public var cursor: String?
    public var notifications: [BlueskyNotification]

    public init(cursor: String? = nil, notifications: [BlueskyNotification]) {
        self.cursor = cursor
        self.notifications = notifications
    }
}
