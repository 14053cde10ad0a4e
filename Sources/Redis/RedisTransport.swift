/// A byte stream to a Redis server: plain TCP or TLS, under the same RESP
/// encoder and reader (`RedisSession`).
///
/// Every call waits at most `timeout` for the socket to move (poll), so a
/// silent server is an error within that time; a closed connection is an
/// error too, never an empty read.
protocol RedisTransport: AnyObject {
    /// How the bytes travel.
    var security: RedisTransportSecurity { get }
    /// Writes every byte, or throws `RedisError(kind: .io)`.
    func write(_ bytes: [UInt8], timeout: Duration) throws
    /// At least one byte and at most `maxLength`, or throws `RedisError(kind: .io)` (also on a closed connection).
    func read(maxLength: Int, timeout: Duration) throws -> [UInt8]
}
