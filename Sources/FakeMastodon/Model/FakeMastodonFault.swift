/// A failure the fake server can be told to produce instead of an answer.
public enum FakeMastodonFault: Sendable, Equatable {
    /// An HTTP 5xx with `{"error": ...}`.
    case serverError(status: Int)
    /// 200 with a body that is not JSON.
    case garbageBody
    /// Close the connection without answering.
    case dropConnection
    /// Do the request (a write happens), then close the connection without answering:
    /// the client cannot know it succeeded.
    case dropAfterWrite
}

/// Which faults are pending: the next N matching requests, or at random.
struct FakeMastodonFaultPlan: Sendable {
    struct Pending: Sendable {
        var fault: FakeMastodonFault
        var remaining: Int
        var endpoint: String?
    }

    var pending: [Pending] = []
    var random: (fault: FakeMastodonFault, probability: Double)?

    /// The fault for a request to `endpoint`, consuming a pending one.
    mutating func next(endpoint: String) -> FakeMastodonFault? {
        if let index = pending.firstIndex(where: { $0.remaining > 0 && ($0.endpoint == nil || $0.endpoint == endpoint) }) {
            pending[index].remaining -= 1
            let fault = pending[index].fault
            pending.removeAll { $0.remaining <= 0 }
            return fault
        }
        if let random, Double.random(in: 0..<1) < random.probability { return random.fault }
        return nil
    }
}
