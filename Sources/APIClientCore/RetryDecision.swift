/// What the retry policy makes of one attempt's outcome.
public enum RetryDecision<Response, Failure: APIFailure> {
    /// Done: hand the response to the caller.
    case succeed(Response)
    /// Send again after this delay.
    case backOff(Duration)
    /// Send again once the spent window resets (the loop waits before every send).
    case awaitReset
    /// Give up with this error.
    case fail(Failure)
}

extension RetryDecision: Equatable where Response: Equatable, Failure: Equatable {}
