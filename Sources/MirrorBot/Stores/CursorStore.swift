/// Where each stream was read up to (`bot_mentions`, `bot_home`, `human_posts`, `human_home`).
public protocol CursorStore: Sendable {
    func cursor(_ stream: String) async throws -> String?
    func setCursor(_ stream: String, to id: String) async throws
}
