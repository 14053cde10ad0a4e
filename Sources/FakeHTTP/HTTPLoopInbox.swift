import CEpoll
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What other threads tell a listener's event loop: answers the workers made, and that the
/// listener stops. Each post wakes the loop through an eventfd, which lives as long as this.
final class HTTPLoopInbox: Sendable {
    /// An answer for the connection `id` (nil: drop the connection without answering), and
    /// whether the connection serves another request after it.
    struct Answer: Sendable {
        var id: UInt64
        var bytes: [UInt8]?
        var keepAlive: Bool
    }

    let wakeDescriptor: Int32
    private let state = Mutex<(answers: [Answer], stopping: Bool, eachClosed: Bool)>(([], false, false))

    init() throws {
        let descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard descriptor >= 0 else { throw FakeHTTPError.socket("eventfd", errno) }
        wakeDescriptor = descriptor
    }

    deinit { close(wakeDescriptor) }

    func post(_ answer: Answer) {
        state.withLock { $0.answers.append(answer) }
        wake()
    }

    func stop() {
        state.withLock { $0.stopping = true }
        wake()
    }

    /// Every connection closes after its answer from now on.
    func closeEachConnection() {
        state.withLock { $0.eachClosed = true }
        wake()
    }

    /// Whether a connection may serve another request after this answer.
    var keepsAlive: Bool { state.withLock { !$0.stopping && !$0.eachClosed } }

    /// The answers posted since the last call; whether the listener stops, and whether each connection closes.
    func take() -> (answers: [Answer], stopping: Bool, eachClosed: Bool) {
        var count: UInt64 = 0
        _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
        return state.withLock { state in
            defer { state.answers.removeAll(keepingCapacity: true) }
            return (state.answers, state.stopping, state.eachClosed)
        }
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }
}
