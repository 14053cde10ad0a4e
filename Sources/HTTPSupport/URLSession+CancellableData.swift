import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)` that is safe to cancel on Linux.
    ///
    /// FoundationNetworking's own async `data(for:)` cancels its task from
    /// inside the Swift task's cancellation handler, which holds the task's
    /// status lock while `URLSessionTask.cancel()` waits for the session's
    /// queue; if that queue is at the same moment resuming the request's
    /// continuation (which needs the same lock), the process deadlocks. This
    /// was seen here: a SIGTERM that never finished. Here the URL task is
    /// cancelled from another queue, after the lock is released.
    public func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let slot = CancellableTaskSlot()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                slot.attach(task)
            }
        } onCancel: {
            slot.cancel()
        }
    }
}

/// The URL task of one request, and whether it was cancelled before it existed.
private final class CancellableTaskSlot: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Starts `task`, or cancels it at once when the request was cancelled already.
    func attach(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { Self.cancelLater(task) }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelLater(task) }
    }

    private static func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
