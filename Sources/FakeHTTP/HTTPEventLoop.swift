import CEpoll
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// A listener's one I/O thread: accepts, reads and writes every connection without blocking
/// (epoll, level-triggered), hands each whole request to the worker pool and queues its answer
/// when the inbox brings it. A connection has one request with the workers at a time, so its
/// pipelined requests are answered in order; while it has one, or output not yet sent, it is
/// not read. Once a second it closes connections idle past `idle`, stalled mid-request or
/// mid-answer past `request` (a stalled request answered 400), and lingering past `linger`.
final class HTTPEventLoop {
    private let listener: Int32
    private let inbox: HTTPLoopInbox
    let pool: HTTPWorkerPool
    /// `HTTPListener.Timeouts` in nanoseconds.
    private let idle: UInt64
    private let request: UInt64
    private let linger: UInt64
    private let epoll: Int32
    var connections: [UInt64: HTTPConnection] = [:]
    private var nextID: UInt64 = 2
    var stopping = false
    /// Every connection closes after its answer (`HTTPListener.closeEachConnection`).
    var eachClosed = false
    private var listening = true
    var scratch = [UInt8](repeating: 0, count: 1 << 16)

    private static let listenerID: UInt64 = 0
    private static let wakeID: UInt64 = 1
    static let readable = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    static let malformed = HTTPResponse.text(400, "malformed HTTP request").serialized(keepAlive: false)
    static let goOn = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// `epoll`: a new epoll descriptor, which the loop closes when it ends.
    init(epoll: Int32, listener: Int32, inbox: HTTPLoopInbox, pool: HTTPWorkerPool, timeouts: HTTPListener.Timeouts) {
        self.epoll = epoll
        self.listener = listener
        self.inbox = inbox
        self.pool = pool
        idle = Self.nanoseconds(timeouts.idle)
        request = Self.nanoseconds(timeouts.request)
        linger = Self.nanoseconds(timeouts.linger)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        control(EPOLL_CTL_ADD, listener, id: Self.listenerID, events: EPOLLIN.rawValue)
        control(EPOLL_CTL_ADD, inbox.wakeDescriptor, id: Self.wakeID, events: EPOLLIN.rawValue)
    }

    /// Serves until the listener stops and its last connection is closed.
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var lastSweep = Self.now()
        while !(stopping && connections.isEmpty) {
            let count = epoll_wait(epoll, &events, Int32(events.count), 1_000)
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                switch event.data.u64 {
                case Self.listenerID: acceptAll()
                case Self.wakeID: takeInbox()
                default:
                    if let connection = connections[event.data.u64] { handle(connection, events: event.events) }
                }
            }
            let now = Self.now()
            if now - lastSweep >= 1_000_000_000 {
                lastSweep = now
                sweep(now: now)
            }
        }
        if listening { close(listener) }
        close(epoll)
        pool.stop()
    }

    private func acceptAll() {
        while listening {
            let socket = accept(listener, nil, nil)
            guard socket >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EAGAIN, EWOULDBLOCK, EMFILE, ENFILE, ENOBUFS, ENOMEM: return
                default: return closeListener()  // shut down by `stop`
                }
            }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            var yes: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let connection = HTTPConnection(id: nextID, socket: socket, now: Self.now(), interest: Self.readable)
            nextID += 1
            connections[connection.id] = connection
            control(EPOLL_CTL_ADD, socket, id: connection.id, events: Self.readable)
        }
    }

    private func closeListener() {
        guard listening else { return }
        listening = false
        control(EPOLL_CTL_DEL, listener, id: Self.listenerID, events: 0)
        close(listener)
    }

    private func takeInbox() {
        let (answers, stop, closesEach) = inbox.take()
        for answer in answers {
            guard let connection = connections[answer.id] else { continue }  // closed meanwhile
            connection.busy = false
            connection.answered = true
            guard let bytes = answer.bytes else {
                closeNow(connection)  // the handler dropped it
                continue
            }
            connection.queue(bytes)
            if stopping || eachClosed || !answer.keepAlive { connection.closing = true }
            flush(connection)
        }
        if closesEach && !eachClosed { closeEach(stopping: stop) } else if stop && !stopping { beginStop() }
    }

    /// Stops accepting; idle connections close now, the others once their answer is sent.
    private func beginStop() {
        stopping = true
        closeListener()
        for connection in Array(connections.values) {
            if connection.busy || connection.hasOutput { connection.closing = true } else { closeNow(connection) }
        }
    }

    /// Kept connections waiting for another request close now; the others after their answer. A
    /// connection never answered is left to answer its first request (then it closes): its client
    /// may have sent it already, unread here yet, and a new connection that closes unanswered gets
    /// no silent re-send from the client.
    private func closeEach(stopping stop: Bool) {
        eachClosed = true
        if stop && !stopping { return beginStop() }
        for connection in Array(connections.values) where !connection.lingering && connection.answered {
            if connection.busy || connection.hasOutput || connection.parser.hasPartialRequest {
                connection.closing = true
            } else {
                closeNow(connection)
            }
        }
    }

    private func handle(_ connection: HTTPConnection, events: UInt32) {
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 { return closeNow(connection) }
        if events & Self.readable != 0 { read(connection) }
        if events & EPOLLOUT.rawValue != 0, connections[connection.id] != nil { flush(connection) }
    }

    func closeNow(_ connection: HTTPConnection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        close(connection.socket)  // also takes it out of the epoll set
    }

    func updateInterest(_ connection: HTTPConnection) {
        guard connections[connection.id] != nil else { return }
        let wanted: UInt32
        if connection.hasOutput {
            wanted = EPOLLOUT.rawValue
        } else if connection.busy || connection.peerClosed {
            wanted = 0
        } else {
            wanted = Self.readable
        }
        guard wanted != connection.interest else { return }
        connection.interest = wanted
        control(EPOLL_CTL_MOD, connection.socket, id: connection.id, events: wanted)
    }

    private func sweep(now: UInt64) {
        for connection in Array(connections.values) where !connection.busy {
            let quiet = now - min(now, connection.lastActivity)
            if connection.lingering {
                if quiet > linger { closeNow(connection) }
            } else if connection.hasOutput {
                if quiet > request { closeNow(connection) }
            } else if connection.parser.hasPartialRequest {
                if quiet > request { fail(connection) }
            } else if quiet > idle {
                closeNow(connection)
            }
        }
    }

    private func control(_ operation: Int32, _ descriptor: Int32, id: UInt64, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = id
        _ = epoll_ctl(epoll, operation, descriptor, &event)
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
