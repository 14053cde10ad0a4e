/// A notification (`packages/backend/src/models/json-schema/notification.ts`); a `mention`
/// and a `reply` carry the note. Notification ids are their own sequence.
public struct MisskeyNotification: Sendable, Codable, Equatable {
    public var id: String
    public var createdAt: String
    /// `mention`, `reply`, `quote`, `renote`, `reaction`, `follow`, …
    public var type: String
    public var userId: String?
    public var user: MisskeyUser?
    public var note: MisskeyNote?
}
