import Foundation
@testable import Redis
import TestSupport
import Testing

/// The TLS transport itself, under the RESP session, where OpenSSL has to wait for the socket.
/// The exchanges block, so they run on a thread of their own, and return what the test checks.
@Suite("TLSTransport waits for the socket when OpenSSL asks (WANT_READ, WANT_WRITE)")
struct TLSTransportTests {
    struct Outcome: Sendable {
        var replies: [RedisValue]
        var waits: (read: Int, write: Int)
        var security: RedisTransportSecurity
    }

    let configuration: RedisConfiguration

    init() throws {
        configuration = try RedisConfiguration(url: TestEnvironment.redisTLSURL(), caFile: TestEnvironment.redisTLSCAFile())
    }

    /// Connects through `proxy` (handshake and AUTH), calls `prepare`, then sends `commands` in one round trip.
    static func exchange(
        _ configuration: RedisConfiguration, through proxy: LoopbackProxy, commands: [[[UInt8]]],
        prepare: @escaping @Sendable () -> Void = {}
    ) async throws -> Outcome {
        try await onOwnThread {
            guard let tls = configuration.tls else { throw RedisError(kind: .unsupported, message: "not a TLS configuration") }
            let socket = try TCPSocket.connect(host: "localhost", port: proxy.port, timeout: .seconds(5))
            let transport = try TLSTransport(socket: socket, host: "localhost", tls: tls, timeout: .seconds(10))
            let session = try RedisSession(transport: transport)
            let auth = try session.roundTrip([["AUTH", configuration.password ?? ""].map { Array($0.utf8) }], timeout: .seconds(5))
            guard auth == [.status("OK")] else { throw RedisError(kind: .authentication, message: "\(auth)") }
            let before = transport.waits
            prepare()
            let replies = try session.roundTrip(commands, timeout: .seconds(10))
            let waits = (read: transport.waits.read - before.read, write: transport.waits.write - before.write)
            return Outcome(replies: replies, waits: waits, security: transport.security)
        }
    }

    @Test("a 16 MB command while the network holds the bytes back: SSL_write wants to write, we poll, it completes")
    func wantWrite() async throws {
        let proxy = try LoopbackProxy(upstreamPort: configuration.port)
        defer { proxy.stop() }
        let key = Array(TestEnvironment.uniqueName("hold").utf8)
        let value = [UInt8](repeating: 0x5A, count: 16 * 1024 * 1024)
        let commands = [[Array("SET".utf8), key, value], [Array("STRLEN".utf8), key], [Array("DEL".utf8), key]]
        let outcome = try await Self.exchange(configuration, through: proxy, commands: commands) {
            proxy.update { $0.holdClient = true }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { proxy.update { $0.holdClient = false } }
        }
        #expect(outcome.replies == [.status("OK"), .integer(Int64(value.count)), .integer(1)])
        #expect(outcome.waits.write > 0)
    }

    @Test("records that arrive a byte at a time: SSL_read wants to read again and again, and the replies are whole")
    func wantRead() async throws {
        let proxy = try LoopbackProxy(upstreamPort: configuration.port)
        defer { proxy.stop() }
        let commands = [["PING"], ["ECHO", "dribbled"]].map { $0.map { Array($0.utf8) } }
        // A byte a millisecond for the replies only (the handshake and AUTH at full speed): with
        // 50 µs a byte, a loaded machine could leave the reader unscheduled until whole records
        // had arrived, and it waited once (seen 2026-12-03).
        let outcome = try await Self.exchange(configuration, through: proxy, commands: commands) {
            proxy.update { $0.chunk = 1; $0.pause = .milliseconds(1) }
        }
        #expect(outcome.replies == [.status("PONG"), .string("dribbled")])
        #expect(outcome.waits.read > 10)
        #expect(outcome.security == .tls(version: "TLSv1.3", verifiedHost: "localhost"))
    }
}
