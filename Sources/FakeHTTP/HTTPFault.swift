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

extension HTTPFault {
    /// The names a seed's `settings.fault` takes, as its error message lists them.
    public static let seedNames = "server_error, garbage_body, drop_connection"

    /// The fault a seed's `settings.fault` names: `server_error` (503, also when nil),
    /// `garbage_body` or `drop_connection`; nil for any other name.
    public init?(seedName: String?) {
        switch seedName ?? "server_error" {
        case "server_error": self = .serverError(status: 503)
        case "garbage_body": self = .garbageBody
        case "drop_connection": self = .dropConnection
        default: return nil
        }
    }
}
