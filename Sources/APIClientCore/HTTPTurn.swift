/// Where a request waits in its server's line, when a transport keeps one (`CurlTransport`).
public enum HTTPTurn: Sendable, Equatable {
    /// Part of publishing a post (`APIRequest.publishes`, or any request made while
    /// `Publishing.underway`): before every other.
    case first
    /// Reading what people sent the bot, to answer them (made while `Answering.underway`), and a
    /// bot's start reading its accounts (`Starting.underway`): after posts being published, before the rest.
    case soon
    /// Everything else (learning, likes, sweeps), in the order it came.
    case inOrder
}
