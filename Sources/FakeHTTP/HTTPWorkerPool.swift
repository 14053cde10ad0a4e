import Dispatch
import Foundation
import Synchronization

/// A fixed number of threads that run a listener's handler, one request at a time each, and post
/// the serialized answers to the event loop: however many connections are open, no more threads.
final class HTTPWorkerPool: Sendable {
    struct Job: Sendable {
        var id: UInt64
        var request: HTTPRequest
        var keepAlive: Bool
    }

    private let queue = Mutex<(jobs: [Job], head: Int, stopped: Bool)>(([], 0, false))
    private let available = DispatchSemaphore(value: 0)
    private let threads: Int

    init(threads: Int, name: String, handler: @escaping HTTPListener.Handler, inbox: HTTPLoopInbox) {
        self.threads = threads
        for index in 0..<threads {
            let thread = Thread { [self] in work(handler: handler, inbox: inbox) }
            thread.name = "\(name) worker \(index)"
            thread.start()
        }
    }

    func submit(_ job: Job) {
        queue.withLock { $0.jobs.append(job) }
        available.signal()
    }

    /// The threads end once the jobs submitted are done.
    func stop() {
        queue.withLock { $0.stopped = true }
        for _ in 0..<threads { available.signal() }
    }

    private func work(handler: HTTPListener.Handler, inbox: HTTPLoopInbox) {
        while true {
            available.wait()
            let next: Job?? = queue.withLock { queue in
                guard queue.head < queue.jobs.count else { return queue.stopped ? .none : .some(nil) }
                let job = queue.jobs[queue.head]
                queue.head += 1
                if queue.head == queue.jobs.count {
                    queue.jobs.removeAll(keepingCapacity: true)
                    queue.head = 0
                } else if queue.head > 1_024, queue.head > queue.jobs.count / 2 {
                    queue.jobs.removeFirst(queue.head)
                    queue.head = 0
                }
                return job
            }
            guard let next else { return }
            guard let job = next else { continue }
            let response = handler(job.request)
            // A listener stopping (or closing each connection) closes it after its answer, and says so.
            let keepAlive = job.keepAlive && inbox.keepsAlive
            inbox.post(.init(id: job.id, bytes: response?.serialized(keepAlive: keepAlive), keepAlive: keepAlive))
        }
    }
}
