/// One accepted connection as its event loop keeps it (only the loop's thread touches it): the
/// bytes come in (the parser), those still to go out, and where it is in its life.
final class HTTPConnection {
    let id: UInt64
    let socket: Int32
    var parser = HTTPRequestParser()
    /// Bytes to send; `written` of them are sent.
    var output: [UInt8] = []
    var written = 0
    /// A request of it is with the workers: nothing more is read until its answer is queued.
    var busy = false
    /// Once `output` is sent, the connection closes (`Connection: close`, HTTP/1.0, a malformed
    /// request, the listener stopping).
    var closing = false
    /// An answer of it was queued: it is a kept connection, not one still to bring its first request.
    var answered = false
    /// The client sent its FIN: nothing more comes.
    var peerClosed = false
    /// Shut down for writing after its last answer; what the client still sends is read and
    /// dropped until it closes too, so its unread bytes never turn the close into a reset that
    /// could take the answer with it.
    var lingering = false
    /// When bytes last came or went (the loop's monotonic nanoseconds).
    var lastActivity: UInt64
    /// The epoll events it is registered for.
    var interest: UInt32

    init(id: UInt64, socket: Int32, now: UInt64, interest: UInt32) {
        self.id = id
        self.socket = socket
        lastActivity = now
        self.interest = interest
    }

    var hasOutput: Bool { written < output.count }

    func queue(_ bytes: [UInt8]) {
        if output.isEmpty { output = bytes } else { output.append(contentsOf: bytes) }
    }

    /// Forgets what was sent once all of it was.
    func sent() {
        guard written == output.count else { return }
        if output.capacity > 1 << 16 { output = [] } else { output.removeAll(keepingCapacity: true) }
        written = 0
    }
}
