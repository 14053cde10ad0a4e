import Foundation

/// The server could not start: a bind address that is not an IP literal, or a socket that cannot be bound.
public struct StatusServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var address: String
    public var port: Int
    public var reason: String

    public var description: String { "cannot listen on \(address) port \(port): \(reason)" }
}
