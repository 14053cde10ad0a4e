import MirrorBot

/// `CursorStore` in memory.
public actor InMemoryCursors: CursorStore {
    public private(set) var cursors: [String: StreamPosition] = [:]

    public init(_ cursors: [String: StreamPosition] = [:]) {
        self.cursors = cursors
    }

    public func cursor(_ stream: String) -> StreamPosition? { cursors[stream] }
    public func setCursor(_ stream: String, to position: StreamPosition) { cursors[stream] = position }

    /// Forgets the cursors of the human's streams (`human_posts`, `human_home`), keeping the bot's.
    public func forgetHumanStreams() {
        cursors = cursors.filter { !$0.key.hasPrefix("human_") }
    }
}
