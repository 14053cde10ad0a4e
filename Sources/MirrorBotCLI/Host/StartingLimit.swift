import MirrorBot
import Synchronization

/// How many of a host's new bots start at once. A new bot's start is its heaviest work (its
/// human's history, likes and timeline read and learned); a host taking thousands of them at once
/// (its first start) lets a few start at a time, each of the others waiting its turn, so their
/// servers, PostgreSQL and the host itself are asked no more than they answer. (Bots that have
/// learned take no place: `BotHost.start`.)
final class StartingLimit: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }
    private struct State {
        var free: Int
        var next = 0
        var queue: [Waiter] = []
        var head = 0
    }
    private let state: Mutex<State>
    let places: Int
    /// The longest one bot keeps its place: a start stuck past it lets the next one go.
    let longest: Duration

    /// `places` below 1 is taken as 1 (`HOST_STARTING_BOTS` is at least 1).
    init(places: Int, longest: Duration = .seconds(120)) {
        self.places = max(1, places)
        state = Mutex(State(free: self.places))
        self.longest = longest
    }

    /// The places taken now, and the bots waiting for one.
    var counts: (starting: Int, waiting: Int) {
        state.withLock { (places - $0.free, $0.queue.count - $0.head) }
    }

    /// `body` run once the bot has a place, which it keeps until `started` is reached, `body`
    /// returns or `longest` passed; nothing when the task is cancelled while it waits its turn.
    func run(until started: Milestone, _ body: @Sendable () async -> Void) async {
        guard await enter() else { return }
        let leaving = Task { [longest] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await started.wait() }
                group.addTask { try? await Task.sleep(for: longest) }
                await group.next()
                group.cancelAll()
            }
            self.leave()
        }
        await body()
        started.reach()
        _ = await leaving.value
    }

    /// Waits for a place, in turn; false when cancelled first (no place is taken then).
    func enter() async -> Bool {
        let id = state.withLock { state -> Int in
            state.next += 1
            return state.next
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if state.free > 0, state.head == state.queue.count {
                        state.free -= 1
                        return true
                    }
                    state.queue.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.queue[state.head...].firstIndex(where: { $0.id == id }) else { return nil }
                return state.queue.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// A place given back: to the first waiting, or kept free.
    func leave() {
        let waiter = state.withLock { state -> Waiter? in
            guard state.head < state.queue.count else {
                state.free += 1
                return nil
            }
            let waiter = state.queue[state.head]
            state.head += 1
            // The queue's served front dropped now and then, not at every turn.
            if state.head > 1_024, state.head * 2 > state.queue.count {
                state.queue.removeFirst(state.head)
                state.head = 0
            }
            return waiter
        }
        waiter?.continuation.resume(returning: true)
    }
}
