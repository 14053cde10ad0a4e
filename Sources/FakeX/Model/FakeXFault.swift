/// A failure the server can be told to produce instead of an answer.
public enum FakeXFault: Sendable, Equatable {
    /// An HTTP 5xx with problem JSON.
    case serverError(status: Int)
    /// 200 with a body that is not JSON.
    case garbageBody
    /// Close the connection without answering.
    case dropConnection
    /// Do what was asked (e.g. create the post), then answer 503: the client
    /// cannot know that its request took effect.
    case lostResponse
}

/// Which faults are pending: the next N matching requests, or at random.
struct FakeXFaultPlan: Sendable {
    struct Pending: Sendable {
        var fault: FakeXFault
        var remaining: Int
        var endpoint: String?
    }

    var pending: [Pending] = []
    var random: (fault: FakeXFault, probability: Double)?

    /// The fault for a request to `endpoint`, consuming a pending one.
    mutating func next(endpoint: String) -> FakeXFault? {
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
