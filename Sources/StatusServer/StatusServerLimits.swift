/// The server's hard limits: a guest in the daemon takes little and never waits on a client.
public struct StatusServerLimits: Sendable, Equatable {
    /// Connections open at once, in all; more are refused at accept.
    public var connections: UInt32 = 64
    /// Connections open at once from one IP address.
    public var connectionsPerIP: UInt32 = 16
    /// Seconds a connection may stay idle before it is closed (a slow client's bound).
    public var idleTimeoutSeconds: UInt32 = 10
    /// Bytes per connection for the request line, headers and the reply's buffers; a
    /// request whose headers do not fit is answered 431 (or closed).
    public var memoryPerConnection: Int = 32 * 1024
    /// Threads that poll the sockets and answer (1: one epoll thread).
    public var threads: UInt32 = 1

    public init() {}
}
