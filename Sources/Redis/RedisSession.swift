/// RESP over one transport: the one code path for plain TCP and TLS.
///
/// Commands are encoded by hiredis's formatter and written in one go;
/// replies are decoded by hiredis's reader, fed whatever bytes arrive (a
/// reply may come in many pieces, several replies in one). The reader never
/// touches the socket. After any thrown error the stream is out of step:
/// the owner drops the session.
final class RedisSession {
    let transport: any RedisTransport
    private let decoder: RedisReplyDecoder
    /// How much one read asks the transport for.
    static let readSize = 16 * 1024

    init(transport: any RedisTransport) throws {
        self.transport = transport
        decoder = try RedisReplyDecoder()
    }

    /// Sends every command, then reads one reply per command, in order: one round trip.
    func roundTrip(_ commands: [[[UInt8]]], timeout: Duration) throws -> [RedisValue] {
        var request: [UInt8] = []
        for command in commands {
            try RedisCommandEncoder.append(command, to: &request)
        }
        try transport.write(request, timeout: timeout)
        var replies: [RedisValue] = []
        replies.reserveCapacity(commands.count)
        while replies.count < commands.count {
            if let reply = try decoder.next() {
                replies.append(reply)
            } else {
                decoder.feed(try transport.read(maxLength: Self.readSize, timeout: timeout))
            }
        }
        return replies
    }
}
