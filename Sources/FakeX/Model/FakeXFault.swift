import FakeHTTP

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
typealias FakeXFaultPlan = FaultPlan<FakeXFault>
