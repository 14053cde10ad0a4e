import APIClientTestSupport
import MirrorBot

/// What the reply and like loops' tests on a manual clock start from: the clock, the bot's
/// scripted network on it, the cursors, the stored posts, the mention claims and the log. A suite
/// holds one (`OnLoopWorld`) and adds only what it needs besides.
public struct LoopWorld {
    public let clock: ManualClock
    public let network: ScriptedNetwork
    public let cursors = InMemoryCursors()
    public let posts = InMemoryPostStore()
    public let mentionClaims: InMemoryMentionClaims
    public let log = LogRecorder()

    public init(clock: ManualClock = ManualClock()) {
        self.clock = clock
        network = ScriptedNetwork(clock: clock)
        mentionClaims = InMemoryMentionClaims(clock: clock)
    }
}

/// A test suite on a `LoopWorld`: its parts by their usual names.
public protocol OnLoopWorld {
    var world: LoopWorld { get }
}

extension OnLoopWorld {
    public var clock: ManualClock { world.clock }
    public var network: ScriptedNetwork { world.network }
    public var cursors: InMemoryCursors { world.cursors }
    public var posts: InMemoryPostStore { world.posts }
    public var log: LogRecorder { world.log }
}
