/// Where each stream was read up to (`bot_mentions`, `bot_home`, `human_posts`,
/// `human_home`): the position the network's adapter handed back, stored unread.
public protocol CursorStore: Sendable {
    func cursor(_ stream: String) async throws -> StreamPosition?
    func setCursor(_ stream: String, to position: StreamPosition) async throws
}
