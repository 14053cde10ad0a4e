import CEpoll
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP listener on 127.0.0.1 serving HTTP/1.1 with keep-alive, as a real server behind
/// nginx does: one event-loop thread does all the socket work (`HTTPEventLoop`), a few worker
/// threads run the handler (`HTTPWorkerPool`). A connection serves requests until the client
/// closes it, asks `Connection: close` (or is HTTP/1.0 without keep-alive), sends something
/// malformed, or stays idle past `Timeouts.idle`.
public final class HTTPListener: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse?

    /// How long a connection may be quiet.
    public struct Timeouts: Sendable {
        /// Between requests (nginx's `keepalive_timeout` default).
        public var idle: Duration
        /// In the middle of a request (then 400) or of an answer the client does not read.
        public var request: Duration
        /// After the last answer, for the client to close its side.
        public var linger: Duration

        public init(idle: Duration = .seconds(75), request: Duration = .seconds(10), linger: Duration = .seconds(2)) {
            self.idle = idle
            self.request = request
            self.linger = linger
        }
    }

    public let port: Int
    private let socket: Int32
    private let timeouts: Timeouts
    private let workers: Int
    private let inbox: HTTPLoopInbox
    private let stopped = Mutex(false)

    /// Binds and listens; `port` 0 picks a free port. `workers` threads run the handler.
    public init(port: Int, timeouts: Timeouts = Timeouts(), workers: Int = HTTPListener.defaultWorkers) throws {
        inbox = try HTTPLoopInbox()
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw FakeHTTPError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 4096) == 0 else {
            let code = errno
            close(fd)
            throw FakeHTTPError.socket("bind/listen on port \(port)", code)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        self.socket = fd
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        self.timeouts = timeouts
        self.workers = max(1, workers)
    }

    /// As many as the cores, two to four: a fake's handler runs under its world's one lock.
    public static var defaultWorkers: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Starts the event loop and the workers.
    public func start(name: String = "fake-http", handler: @escaping Handler) throws {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw FakeHTTPError.socket("epoll_create1", errno) }
        let pool = HTTPWorkerPool(threads: workers, name: name, handler: handler, inbox: inbox)
        let thread = Thread { [socket, inbox, timeouts] in
            HTTPEventLoop(epoll: epoll, listener: socket, inbox: inbox, pool: pool, timeouts: timeouts).run()
        }
        thread.name = name + " loop"
        thread.start()
    }

    /// Answers each request from now on with `Connection: close`, and closes the connections
    /// waiting for another request (`FakeHTTPServer.closeEachConnection`).
    public func closeEachConnection() {
        inbox.closeEachConnection()
    }

    /// Stops accepting and closes idle connections; requests in flight are answered, then
    /// their connections close.
    public func stop() {
        let wasStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasStopped else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        inbox.stop()
    }
}
