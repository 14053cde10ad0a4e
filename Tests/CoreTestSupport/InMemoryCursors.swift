import MirrorBot

/// `CursorStore` in memory.
public actor InMemoryCursors: CursorStore {
    public private(set) var cursors: [String: String] = [:]

    public init(_ cursors: [String: String] = [:]) {
        self.cursors = cursors
    }

    public func cursor(_ stream: String) -> String? { cursors[stream] }
    public func setCursor(_ stream: String, to id: String) { cursors[stream] = id }
}
