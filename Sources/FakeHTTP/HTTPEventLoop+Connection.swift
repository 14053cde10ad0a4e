import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// A connection's reading, writing and next step, on the loop's thread.
extension HTTPEventLoop {
    func read(_ connection: HTTPConnection) {
        for _ in 0..<16 {
            let count = scratch.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                connection.lastActivity = Self.now()
                if !connection.lingering {
                    scratch.withUnsafeBytes { connection.parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                }
                if count < scratch.count { break }
            } else if count == 0 {
                connection.peerClosed = true
                break
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else {
                return closeNow(connection)
            }
        }
        if connection.lingering {
            if connection.peerClosed { closeNow(connection) }
            return
        }
        advance(connection)
    }

    /// Sends what it can of the connection's output; once all is sent, goes on with it.
    func flush(_ connection: HTTPConnection) {
        while connection.hasOutput {
            let sent = connection.output[connection.written...].withUnsafeBytes {
                send(connection.socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                connection.written += sent
                connection.lastActivity = Self.now()
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return updateInterest(connection)
            } else {
                return closeNow(connection)
            }
        }
        connection.sent()
        advance(connection)
    }

    /// The connection's next step once nothing of it is with the workers or waiting to be sent.
    private func advance(_ connection: HTTPConnection) {
        guard !connection.busy, !connection.hasOutput, !connection.lingering else { return updateInterest(connection) }
        if connection.closing { return finish(connection) }
        switch connection.parser.next() {
        case .request(let request, let keepAlive):
            connection.busy = true
            pool.submit(.init(id: connection.id, request: request, keepAlive: keepAlive && !stopping && !eachClosed))
            updateInterest(connection)
        case .continueExpected:
            connection.queue(Self.goOn)
            flush(connection)
        case .needMore:
            guard connection.peerClosed else { return updateInterest(connection) }
            guard connection.parser.hasPartialRequest else { return closeNow(connection) }
            fail(connection)
        case .malformed:
            fail(connection)
        }
    }

    /// Answers 400 and closes.
    func fail(_ connection: HTTPConnection) {
        connection.queue(Self.malformed)
        connection.closing = true
        flush(connection)
    }

    /// After the last answer: shut down for writing, then wait for the client's FIN.
    private func finish(_ connection: HTTPConnection) {
        shutdown(connection.socket, Int32(SHUT_WR))
        if connection.peerClosed { return closeNow(connection) }
        connection.lingering = true
        connection.lastActivity = Self.now()
        updateInterest(connection)
    }
}
