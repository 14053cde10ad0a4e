/// What the retry policy makes of one outcome (`RetryDecision`).
public enum BlueskyRetryDecision<Response> {
    case succeed(Response)
    case backOff(Duration)
    case awaitReset
    case fail(BlueskyAPIError)
}
