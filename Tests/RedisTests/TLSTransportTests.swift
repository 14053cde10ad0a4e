import Foundation
@testable import Redis
import TestSupport
import Testing

/// The TLS transport itself, under the RESP session, where OpenSSL has to wait for the socket.
@Suite("TLSTransport waits for the socket when OpenSSL asks (WANT_READ, WANT_WRITE)")
struct TLSTransportTests {
    let configuration: RedisConfiguration

    init() throws {
        configuration = try RedisConfiguration(url: TestEnvironment.redisTLSURL(), caFile: TestEnvironment.redisTLSCAFile())
    }

    func session(through proxy: LoopbackProxy) throws -> (RedisSession, TLSTransport) {
        let socket = try TCPSocket.connect(host: "localhost", port: proxy.port, timeout: .seconds(5))
        let tls = try #require(configuration.tls)
        let transport = try TLSTransport(socket: socket, host: "localhost", tls: tls, timeout: .seconds(10))
        let session = try RedisSession(transport: transport)
        let auth = try session.roundTrip([["AUTH", configuration.password ?? ""].map { Array($0.utf8) }], timeout: .seconds(5))
        #expect(auth == [.status("OK")])
        return (session, transport)
    }

    @Test("a 16 MB command while the network holds the bytes back: SSL_write wants to write, we poll, it completes")
    func wantWrite() throws {
        let proxy = try LoopbackProxy(upstreamPort: configuration.port)
        defer { proxy.stop() }
        let (session, transport) = try session(through: proxy)
        let key = Array(TestEnvironment.uniqueName("hold").utf8)
        proxy.update { $0.holdClient = true }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { proxy.update { $0.holdClient = false } }
        let value = [UInt8](repeating: 0x5A, count: 16 * 1024 * 1024)
        let replies = try session.roundTrip([[Array("SET".utf8), key, value], [Array("STRLEN".utf8), key], [Array("DEL".utf8), key]], timeout: .seconds(10))
        #expect(replies == [.status("OK"), .integer(Int64(value.count)), .integer(1)])
        #expect(transport.waits.write > 0)
    }

    @Test("records that arrive a byte at a time: SSL_read wants to read again and again, and the replies are whole")
    func wantRead() throws {
        let proxy = try LoopbackProxy(upstreamPort: configuration.port, behaviour: .init(chunk: 1, pause: .microseconds(50)))
        defer { proxy.stop() }
        let (session, transport) = try session(through: proxy)
        let before = transport.waits.read
        let replies = try session.roundTrip([["PING"], ["ECHO", "dribbled"]].map { $0.map { Array($0.utf8) } }, timeout: .seconds(5))
        #expect(replies == [.status("PONG"), .string("dribbled")])
        #expect(transport.waits.read - before > 10)
        #expect(transport.security == .tls(version: "TLSv1.3", verifiedHost: "localhost"))
    }
}
