import Foundation
import Redis
import TestSupport
import Testing

/// Wrong ports, silent servers and misbehaving networks (through `LoopbackProxy`),
/// in front of the real Redis: each a clear one-line error within seconds, or,
/// for replies in pieces, no error at all.
///
/// Timings are loose (the suite runs in parallel on two shared cores, and a
/// test may wait seconds for a thread): where a failure must come at once, the
/// timeout is made far longer than the bound, so waiting it out would fail the
/// test; where a timeout must fire, the message names the one that did.
@Suite("Redis over wrong ports, silent servers and misbehaving networks")
struct RedisNetworkFaultTests {
    let plain: RedisConfiguration
    let tls: RedisConfiguration
    let password: String

    init() throws {
        plain = try RedisConfiguration(url: TestEnvironment.redisURL())
        tls = try RedisConfiguration(url: TestEnvironment.redisTLSURL(), caFile: TestEnvironment.redisTLSCAFile())
        password = try #require(plain.password)
    }

    /// The plain or the TLS configuration, sent to `port` on `host` instead.
    func configuration(tls useTLS: Bool, host: String = "127.0.0.1", port: Int, password: String? = nil) -> RedisConfiguration {
        var configuration = useTLS ? tls : plain
        configuration.host = host
        configuration.port = port
        if let password { configuration.password = password.isEmpty ? nil : password }
        return configuration
    }

    /// Connects with `configuration`, which must fail: the error, and how long it took to come.
    static func failedConnect(
        _ configuration: RedisConfiguration, connectTimeout: Duration, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (error: RedisError, time: Duration) {
        var error: RedisError?
        let time = try await timed {
            error = try await #require(throws: RedisError.self, sourceLocation: sourceLocation) {
                try await RedisConnection(configuration: configuration, connectTimeout: connectTimeout)
            }
        }
        return (try #require(error, sourceLocation: sourceLocation), time)
    }

    @Test("redis:// on the TLS port: the server hangs up, and the error says to use rediss://, with or without a password",
          arguments: [true, false])
    func plainOnTLSPort(withPassword: Bool) async throws {
        let (found, time) = try await Self.failedConnect(
            configuration(tls: false, port: tls.port, password: withPassword ? nil : ""), connectTimeout: .seconds(60))
        #expect(time < .seconds(20))
        #expect(found.kind == .connection)
        #expect(found.message.hasPrefix("127.0.0.1:\(tls.port): "))
        #expect(found.message.hasSuffix(", before any reply (if this port speaks TLS, use rediss://)"))
        #expect(!found.description.contains(password))
    }

    @Test("rediss:// on the plain port: a TLS error that says to use redis://, within seconds")
    func tlsOnPlainPort() async throws {
        let (found, time) = try await Self.failedConnect(configuration(tls: true, host: "localhost", port: plain.port), connectTimeout: .seconds(2))
        #expect(time < .seconds(20))
        #expect(found.kind == .tls || found.kind == .connection)
        #expect(found.message.contains("use redis://"))
        #expect(!found.description.contains(password))
    }

    @Test("a server that accepts and never answers: a connection error after the connect timeout, plain and TLS",
          arguments: [false, true])
    func silentServer(useTLS: Bool) async throws {
        let proxy = try LoopbackProxy(upstreamPort: nil)
        defer { proxy.stop() }
        let (found, time) = try await Self.failedConnect(configuration(tls: useTLS, port: proxy.port), connectTimeout: .seconds(1))
        #expect(time >= .milliseconds(900) && time < .seconds(20))
        #expect(found.kind == .connection)
        #expect(found.message.contains(useTLS ? "no TLS handshake within 1 s" : "no answer within 1 s"))
    }

    @Test("a TCP connection that never completes (dropped SYNs) gives up after the connect timeout")
    func connectTimeout() async throws {
        let listener = try FullBacklogListener()
        let (found, time) = try await Self.failedConnect(configuration(tls: false, port: listener.port), connectTimeout: .milliseconds(500))
        #expect(time >= .milliseconds(450) && time < .seconds(20))
        #expect(found.kind == .connection)
        #expect(found.message == "127.0.0.1:\(listener.port): no connection within 500 ms")
    }

    @Test("the certificate does not name the address connected to (127.0.0.2 is not in its SAN): refused; accepted with verify=none")
    func hostMismatch() async throws {
        let proxy = try LoopbackProxy(host: "127.0.0.2", upstreamPort: tls.port)
        defer { proxy.stop() }
        let error = try await #require(throws: RedisError.self) {
            try await RedisConnection(configuration: configuration(tls: true, host: "127.0.0.2", port: proxy.port))
        }
        #expect(error.kind == .certificate)
        #expect(error.message == "127.0.0.2:\(proxy.port): the server's certificate is not for \"127.0.0.2\" (IP address mismatch)")
        var unverified = configuration(tls: true, host: "127.0.0.2", port: proxy.port)
        unverified.tls = RedisTLS(verifyPeer: false)
        #expect(try await RedisConnection(configuration: unverified).send(["PING"]) == .status("PONG"))
    }

    @Test("SNI names the host, and is left out for an IP address")
    func serverNameIndication() async throws {
        let proxy = try LoopbackProxy(upstreamPort: tls.port)
        defer { proxy.stop() }
        _ = try await RedisConnection(configuration: configuration(tls: true, host: "localhost", port: proxy.port)).send(["PING"])
        #expect(ClientHello.serverName(in: proxy.clientBytes) == "localhost")
        _ = try await RedisConnection(configuration: configuration(tls: true, host: "127.0.0.1", port: proxy.port)).send(["PING"])
        #expect(proxy.clientBytes.first == 0x16)
        #expect(ClientHello.serverName(in: proxy.clientBytes) == nil)
    }

    @Test("the server's bytes dribbled one at a time (handshake, replies, a pipeline): every reply whole, plain and TLS",
          arguments: [false, true])
    func dribbled(useTLS: Bool) async throws {
        let proxy = try LoopbackProxy(upstreamPort: useTLS ? tls.port : plain.port, behaviour: .init(chunk: 1, pause: .microseconds(50)))
        defer { proxy.stop() }
        let connection = try await RedisConnection(configuration: configuration(tls: useTLS, host: "localhost", port: proxy.port))
        let key = TestEnvironment.uniqueName("dribble")
        let value = String(repeating: "寿司", count: 40)
        #expect(try await connection.send(["SET", key, value]) == .status("OK"))
        let replies = try await connection.pipeline([["GET", key], ["INCR", key + ":n"], ["GET", key + ":none"], ["PING"], ["DEL", key, key + ":n"]])
        #expect(replies == [.string(value), .integer(1), .null, .status("PONG"), .integer(2)])
    }

    @Test("the server hangs up in the middle of a reply (no TLS close_notify): an I/O error; the next call reconnects",
          arguments: [false, true])
    func hangUpMidReply(useTLS: Bool) async throws {
        let proxy = try LoopbackProxy(upstreamPort: useTLS ? tls.port : plain.port)
        defer { proxy.stop() }
        let connection = try await RedisConnection(configuration: configuration(tls: useTLS, host: "localhost", port: proxy.port))
        let key = TestEnvironment.uniqueName("cut")
        #expect(try await connection.send(["SET", key, String(repeating: "x", count: 100_000)]) == .status("OK"))
        proxy.update { $0.hangUpAfter = 1_000 }
        let error = try await #require(throws: RedisError.self) { try await connection.send(["GET", key]) }
        #expect(error.kind == .io)
        let expected = useTLS ? "the server closed the connection (without TLS close_notify)" : "the server closed the connection"
        #expect(error.message == "localhost:\(proxy.port): \(expected)")
        proxy.update { $0.hangUpAfter = nil }
        #expect(try await connection.send(["STRLEN", key]) == .integer(100_000))
        try await connection.send(["DEL", key]).throwingOnError()
    }
}
