import MirrorBot

/// `CursorStore` in memory.
public actor InMemoryCursors: CursorStore {
    public private(set) var cursors: [String: String] = [:]

    public init(_ cursors: [String: String] = [:]) {
        self.cursors = cursors
    }

    public func cursor(_ stream: String) -> String? { cursors[stream] }
    public func setCursor(_ stream: String, to id: String) { cursors[stream] = id }

    /// Forgets the cursors of the human's streams (`human_posts`, `human_home`), keeping the bot's.
    public func forgetHumanStreams() {
        cursors = cursors.filter { !$0.key.hasPrefix("human_") }
    }
}
