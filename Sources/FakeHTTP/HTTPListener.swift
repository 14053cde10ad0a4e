import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP listener on 127.0.0.1: one thread accepts, each connection is served
/// on a Dispatch queue by `HTTPConnection`, one request per connection.
public final class HTTPListener: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse?

    public let port: Int
    private let socket: Int32
    private let stopped = Mutex(false)

    /// Binds and listens; `port` 0 picks a free port.
    public init(port: Int) throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
    }

    /// Starts the accept thread.
    public func start(name: String = "fake-http", handler: @escaping Handler) {
        let thread = Thread { [self] in acceptLoop(handler: handler) }
        thread.name = name + " accept"
        thread.start()
    }

    /// Stops accepting; connections in flight finish.
    public func stop() {
        let wasStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        if !wasStopped { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop(handler: @escaping Handler) {
        let queue = DispatchQueue(label: "fake-http connections", attributes: .concurrent)
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 {
                if stopped.withLock({ $0 }) { break }
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            queue.async { HTTPConnection(socket: client).serve(handler: handler) }
        }
        close(socket)
    }
}
