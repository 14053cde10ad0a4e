import Foundation

/// A failure a fake server can be told to produce instead of an answer.
public enum HTTPFault: Sendable, Equatable {
    /// An HTTP 5xx with the network's error JSON.
    case serverError(status: Int)
    /// 200 with a body that is not JSON.
    case garbageBody
    /// Close the connection without answering.
    case dropConnection
    /// Do what was asked (e.g. create the post), then answer 503: the client
    /// cannot know that its request took effect.
    case lostResponse
    /// Do what was asked, then close the connection without answering.
    case dropAfterWrite

    /// Whether the request is carried out before the fault strikes.
    public var performsRequest: Bool {
        self == .lostResponse || self == .dropAfterWrite
    }

    /// What is sent instead of the answer (nil: the connection is dropped);
    /// `serverError` renders a 5xx in the network's error JSON.
    public func response(serverError: (Int) -> HTTPResponse) -> HTTPResponse? {
        switch self {
        case .serverError(let status): serverError(status)
        case .lostResponse: serverError(503)
        case .garbageBody: HTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html>over capacity".utf8))
        case .dropConnection, .dropAfterWrite: nil
        }
    }
}
