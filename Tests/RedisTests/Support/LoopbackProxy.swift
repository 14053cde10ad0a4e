import Foundation

/// A TCP proxy on loopback, between a client under test and a real server,
/// that can misbehave the ways networks do: hand over the server's bytes a
/// few at a time, hold the client's bytes back for a while, hang up in the
/// middle of a reply, or (with no server) accept and never answer.
///
/// Threads and blocking sockets, so it runs beside the client whatever the
/// client blocks on. Not for production: errors end a connection quietly.
/// Call `stop()` when done (its threads keep it alive until then).
final class LoopbackProxy: @unchecked Sendable {
    struct Behaviour: Sendable {
        /// The server's bytes are passed on at most this many at a time...
        var chunk = 64 * 1024
        /// ...with this pause after each piece.
        var pause: Duration = .zero
        /// While true, nothing is read from the client (its send buffer fills up).
        var holdClient = false
        /// Server bytes still to pass on before the proxy hangs up (FIN to the client, no TLS close_notify); nil: no limit.
        var hangUpAfter: Int?
    }

    let host: String
    let port: Int
    private let upstreamPort: Int?
    private let listener: Int32
    private let lock = NSLock()
    private var behaviour: Behaviour
    private var descriptors: [Int32] = []
    private var latestClientBytes: [UInt8] = []
    private var stopped = false

    /// Listens on `host` (any 127.x.y.z works on Linux), forwarding to 127.0.0.1:`upstreamPort`, or silent when nil.
    init(host: String = "127.0.0.1", upstreamPort: Int?, behaviour: Behaviour = Behaviour()) throws {
        self.host = host
        self.upstreamPort = upstreamPort
        self.behaviour = behaviour
        let (listener, address) = try LoopbackListener.open(host: host, backlog: 16, reuseAddress: true)
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Changes how connections behave from now on (also those already open).
    func update(_ change: (inout Behaviour) -> Void) {
        lock.withLock { change(&behaviour) }
    }

    /// The first bytes (up to 16 KB) the latest client sent: a TLS ClientHello, or RESP.
    var clientBytes: [UInt8] {
        lock.withLock { latestClientBytes }
    }

    /// Closes the listener and every connection.
    func stop() {
        lock.withLock {
            stopped = true
            // Shut, not closed: the threads using them close them (under the lock) when they are done.
            for descriptor in descriptors { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    // MARK: - Connections

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            guard track(client) else { close(client); return }
            lock.withLock { latestClientBytes = [] }
            guard let upstreamPort else {
                Thread.detachNewThread { [self] in
                    swallow(client)
                    finish([client])
                }
                continue
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.address("127.0.0.1", port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0, track(server) else {
                close(server)
                finish([client])
                continue
            }
            var on: Int32 = 1
            for descriptor in [client, server] {
                setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            let pair = Pair()
            Thread.detachNewThread { [self] in
                forwardClient(from: client, to: server)
                if lock.withLock({ pair.oneDone() }) { finish([client, server]) }
            }
            Thread.detachNewThread { [self] in
                forwardServer(from: server, to: client)
                if lock.withLock({ pair.oneDone() }) { finish([client, server]) }
            }
        }
    }

    /// Remembers a descriptor so `stop` can shut it; false once stopped.
    private func track(_ descriptor: Int32) -> Bool {
        lock.withLock {
            guard !stopped else { return false }
            descriptors.append(descriptor)
            return true
        }
    }

    /// Forgets and closes descriptors no thread uses any more.
    private func finish(_ done: [Int32]) {
        lock.withLock {
            descriptors.removeAll { done.contains($0) }
            done.forEach { close($0) }
        }
    }

    /// The two threads of one forwarded connection; the second to finish closes both sockets.
    private final class Pair: @unchecked Sendable {
        private var running = 2
        /// True for the last one (call under the proxy's lock).
        func oneDone() -> Bool {
            running -= 1
            return running == 0
        }
    }

    private func record(_ bytes: ArraySlice<UInt8>) {
        lock.withLock {
            let room = 16 * 1024 - latestClientBytes.count
            if room > 0 { latestClientBytes += bytes.prefix(room) }
        }
    }

    /// Client to server, unchanged (not while `holdClient`).
    private func forwardClient(from client: Int32, to server: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            while lock.withLock({ behaviour.holdClient && !stopped }) { usleep(5_000) }
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            record(buffer[..<count])
            guard sendAll(server, buffer[..<count]) else { break }
        }
        shutdown(server, Int32(SHUT_WR))
    }

    /// Server to client, in pieces, until the server closes or the hang-up budget is spent.
    private func forwardServer(from server: Int32, to client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while true {
            let count = recv(server, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let (piece, pause): (Int, Duration) = lock.withLock {
                    var piece = min(behaviour.chunk, count - offset)
                    if let left = behaviour.hangUpAfter {
                        piece = min(piece, left)
                        behaviour.hangUpAfter = left - piece
                    }
                    return (piece, behaviour.pause)
                }
                guard piece > 0, sendAll(client, buffer[offset..<offset + piece]) else { break reading }
                offset += piece
                if pause > .zero { usleep(useconds_t(pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000)) }
            }
        }
        // A FIN, not a TLS close_notify: the client sees the stream end wherever it was.
        shutdown(client, Int32(SHUT_WR))
        shutdown(server, Int32(SHUT_RDWR))
    }

    /// No server: read whatever comes, answer nothing.
    private func swallow(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            record(buffer[..<count])
        }
    }

    private func sendAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let sent = rest.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            rest = rest.dropFirst(sent)
        }
        return true
    }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }

    struct ProxyError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
