import MirrorBot

/// `CursorStore` in memory.
public actor InMemoryCursors: CursorStore {
    public private(set) var cursors: [String: StreamPosition] = [:]

    public init(_ cursors: [String: StreamPosition] = [:]) {
        self.cursors = cursors
    }

    public func cursor(_ stream: String) -> StreamPosition? { cursors[stream] }
    public func setCursor(_ stream: String, to position: StreamPosition) { cursors[stream] = position }
}
