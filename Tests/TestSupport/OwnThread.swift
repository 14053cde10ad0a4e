import Foundation

/// Runs blocking work (a process, a socket exchange) on a thread of its own.
///
/// Swift Testing runs tests on the cooperative pool, two threads on a
/// two-core machine: a test that blocks one of them for seconds stalls
/// every other test, and their timings with it.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
