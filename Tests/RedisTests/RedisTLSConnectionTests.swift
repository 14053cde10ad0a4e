import Foundation
import Redis
import TestSupport
import Testing

/// Against the TLS port of the real Redis that scripts/test.sh starts: its
/// certificate names localhost and 127.0.0.1 and is signed by a private CA
/// (TEST_REDIS_TLS_CA_FILE) that the system's CAs do not include.
@Suite("RedisConnection over TLS against a real server")
struct RedisTLSConnectionTests {
    /// rediss://:<password>@localhost:<tls port>/0, verified against the private CA.
    let configuration: RedisConfiguration
    let password: String

    init() throws {
        configuration = try RedisConfiguration(url: TestEnvironment.redisTLSURL(), caFile: TestEnvironment.redisTLSCAFile())
        password = try #require(configuration.password)
    }

    func with(_ change: (inout RedisConfiguration) -> Void) -> RedisConfiguration {
        var copy = configuration
        change(&copy)
        return copy
    }

    @Test("verify=none: commands, binary-safe values and a 1,000-command pipeline over TLS 1.3")
    func unverified() async throws {
        let connection = try await RedisConnection(configuration: with { $0.tls = RedisTLS(verifyPeer: false) })
        #expect(await connection.security == .tls(version: "TLSv1.3", verifiedHost: nil))
        #expect(await connection.security?.description == "TLS 1.3, certificate not verified")
        let key = TestEnvironment.uniqueName("tls")
        let value: [UInt8] = [0x00, 0xFF, 0x0D, 0x0A, 0x24, 0x2D, 0x31, 0x00]
        #expect(try await connection.send(bytes: [Array("SET".utf8), Array(key.utf8), value]) == .status("OK"))
        #expect(try await connection.send(bytes: [Array("GET".utf8), Array(key.utf8)]) == .bulk(value))
        let counter = key + ":n"
        let replies = try await connection.pipeline((0..<1_000).map { _ in ["INCR", counter] })
        #expect(replies == (1...1_000).map { RedisValue.integer(Int64($0)) })
        #expect(try await connection.pipeline([["DEL", key, counter], ["NOSUCHCOMMAND"]]).first == .integer(2))
    }

    @Test("verified against the private CA, by the name and by the IP address the certificate names")
    func verifiedByCA() async throws {
        let byName = try await RedisConnection(configuration: configuration)
        #expect(try await byName.send(["PING"]) == .status("PONG"))
        #expect(await byName.security?.description == "TLS 1.3, certificate verified for localhost")
        let byAddress = try await RedisConnection(configuration: with { $0.host = "127.0.0.1" })
        #expect(try await byAddress.send(["PING"]) == .status("PONG"))
        #expect(await byAddress.security == .tls(version: "TLSv1.3", verifiedHost: "127.0.0.1"))
    }

    @Test("against the system's CAs the private certificate is refused: says what to set, not the password, at once")
    func systemCAsRefuse() async throws {
        var refused: RedisError?
        let time = try await timed {
            refused = try await #require(throws: RedisError.self) {
                try await RedisConnection(configuration: with { $0.tls = RedisTLS() }, connectTimeout: .seconds(60))
            }
        }
        let error = try #require(refused)
        #expect(time < .seconds(300))  // far from BLPOP's 600 s, loose as in RedisConnectionTests
        #expect(error.kind == .certificate)
        // Redis sends its CA along, so OpenSSL finds a self-signed root it does not trust.
        #expect(error.message.contains("self-signed certificate in certificate chain") || error.message.contains("unable to get local issuer certificate"))
        #expect(error.message.contains("REDIS_TLS_CA_FILE") && error.message.contains("REDIS_TLS_VERIFY=none"))
        #expect(!error.description.contains(password))
        #expect(!error.description.contains("\n"))
    }

    @Test("a CA file that cannot be read is a TLS error naming the file")
    func missingCAFile() async throws {
        let error = try await #require(throws: RedisError.self) {
            try await RedisConnection(configuration: with { $0.tls?.caFile = "/nonexistent/ca.pem" })
        }
        #expect(error.kind == .tls)
        #expect(error.message == "could not load the CA file \"/nonexistent/ca.pem\": No such file or directory")
    }

    @Test("a wrong password over TLS is an authentication error that shows neither password")
    func wrongPassword() async throws {
        let wrong = "wrong-\(TestEnvironment.uniqueName())"
        let error = try await #require(throws: RedisError.self) {
            try await RedisConnection(configuration: with { $0.password = wrong })
        }
        #expect(error.kind == .authentication)
        #expect(error.message.contains("WRONGPASS"))
        #expect(!error.description.contains(wrong) && !error.description.contains(password))
    }

    @Test("after the server kills the connection, the next call fails and the one after reconnects (handshake, AUTH, SELECT)")
    func reconnectAfterKill() async throws {
        let connection = try await RedisConnection(configuration: with { $0.database = 3 })
        let killer = try await RedisConnection(configuration: configuration)
        let id = try #require(try await connection.send(["CLIENT", "ID"]).integer)
        #expect(try await killer.send(["CLIENT", "KILL", "ID", String(id)]) == .integer(1))
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .io)
        #expect(await connection.security == nil)
        #expect(try await connection.send(["PING"]) == .status("PONG"))
        #expect(try await connection.send(["CLIENT", "ID"]).integer != id)
        #expect(try await connection.send(["CLIENT", "INFO"]).string?.contains(" db=3 ") == true)
        #expect(await connection.security?.description == "TLS 1.3, certificate verified for localhost")
    }

    @Test("a command that outlives the command timeout fails over TLS too; the next call reconnects")
    func commandTimeout() async throws {
        let connection = try await RedisConnection(configuration: configuration, commandTimeout: .milliseconds(300))
        var failed: RedisError?
        let time = try await timed {
            failed = try await #require(throws: RedisError.self) {
                try await connection.send(["BLPOP", TestEnvironment.uniqueName("block"), "600"])
            }
        }
        let error = try #require(failed)
        #expect(error.kind == .io)
        #expect(error.message.contains("no answer within 300 ms"))
        #expect(time < .seconds(300))  // far from BLPOP's 600 s, loose as in RedisConnectionTests
        #expect(try await connection.send(["PING"]) == .status("PONG"))
    }

    @Test("a 16 MB value goes and comes back whole over TLS")
    func largeValue() async throws {
        let connection = try await RedisConnection(configuration: configuration)
        let key = TestEnvironment.uniqueName("big")
        var value = [UInt8](repeating: 0xA5, count: 16 * 1024 * 1024)
        for index in stride(from: 0, to: value.count, by: 4093) { value[index] = UInt8(truncatingIfNeeded: index) }
        #expect(try await connection.send(bytes: [Array("SET".utf8), Array(key.utf8), value]) == .status("OK"))
        #expect(try await connection.send(bytes: [Array("GET".utf8), Array(key.utf8)]) == .bulk(value))
        try await connection.send(["DEL", key]).throwingOnError()
    }

    @Test("the URL form: rediss:// with the CA given beside it")
    func byURL() async throws {
        let connection = try await RedisConnection(
            configuration: RedisConfiguration(url: TestEnvironment.redisTLSURL(), caFile: TestEnvironment.redisTLSCAFile())
        )
        #expect(try await connection.send(["PING"]) == .status("PONG"))
    }
}
