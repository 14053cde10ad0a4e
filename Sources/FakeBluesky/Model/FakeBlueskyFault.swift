import FakeHTTP

/// A failure the fake server can be told to produce instead of an answer.
public enum FakeBlueskyFault: Sendable, Equatable {
    /// An HTTP 5xx with `{"error": "InternalServerError"}`.
    case serverError(status: Int)
    /// 200 with a body that is not JSON.
    case garbageBody
    /// Close the connection without answering.
    case dropConnection
    /// Do the request (a write happens), then close the connection without answering.
    case dropAfterWrite
}

typealias FakeBlueskyFaultPlan = FaultPlan<FakeBlueskyFault>
