import Synchronization

/// Which dialect a server answers in, as learned from its refusals: shared by the
/// clients that talk to one server (the human's and the bot's), so one switch serves both.
public final class XDialectMemory: Sendable {
    private let state: Mutex<XFieldDialect>
    private let onSwitch: @Sendable (XDialectSwitch) -> Void

    /// Starts in `initial`; `onSwitch` hears each switch once (to log it, or keep it across restarts).
    public init(_ initial: XFieldDialect = .tweetFields, onSwitch: @escaping @Sendable (XDialectSwitch) -> Void = { _ in }) {
        state = Mutex(initial)
        self.onSwitch = onSwitch
    }

    /// The dialect to speak now.
    public var current: XFieldDialect { state.withLock { $0 } }

    /// `refused` was refused on `endpoint` (the server's words in `detail`): from now on the
    /// other dialect. Reported only by the first of concurrent refusals of the same dialect.
    @discardableResult
    public func refused(_ refused: XFieldDialect, endpoint: String, detail: String) -> XFieldDialect {
        let switched = state.withLock { current -> Bool in
            guard current == refused else { return false }
            current = refused.other
            return true
        }
        if switched { onSwitch(XDialectSwitch(from: refused, to: refused.other, endpoint: endpoint, detail: detail)) }
        return refused.other
    }
}

/// One switch: the dialect refused, the one adopted, where, and what the server said.
public struct XDialectSwitch: Sendable, Equatable {
    public var from: XFieldDialect
    public var to: XFieldDialect
    public var endpoint: String
    public var detail: String
}
