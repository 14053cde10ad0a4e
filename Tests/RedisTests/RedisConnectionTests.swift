import Foundation
import Redis
import TestSupport
import Testing

/// Against the real Redis that scripts/test.sh starts (password protected).
/// Every test uses its own key names, so the tests run in parallel.
@Suite("RedisConnection against a real server")
struct RedisConnectionTests {
    let url: String
    let configuration: RedisConfiguration

    init() throws {
        url = try TestEnvironment.redisURL()
        configuration = try RedisConfiguration(url: url)
    }

    func url(password: String?, database: Int, user: String? = nil) -> String {
        let credentials = password.map { "\(user ?? ""):\($0.addingPercentEncodingForURLUserInfo())@" } ?? ""
        return "redis://\(credentials)\(configuration.host):\(configuration.port)/\(database)"
    }

    @Test("connects by URL with a password and a database number (AUTH, then SELECT)")
    func connectWithPasswordAndDatabase() async throws {
        let key = TestEnvironment.uniqueName("db")
        let inDatabase5 = try await RedisConnection(url: url(password: configuration.password, database: 5))
        let inDatabase0 = try await RedisConnection(url: url(password: configuration.password, database: 0))
        #expect(try await inDatabase5.send(["SET", key, "five"]) == .status("OK"))
        #expect(try await inDatabase5.send(["GET", key]) == .string("five"))
        #expect(try await inDatabase0.send(["GET", key]) == .null)
        let info = try await inDatabase5.send(["CLIENT", "INFO"]).string ?? ""
        #expect(info.contains(" db=5 "))
        try await inDatabase5.send(["DEL", key]).throwingOnError()
    }

    @Test("the default user works as an explicit ACL user")
    func explicitDefaultUser() async throws {
        let connection = try await RedisConnection(url: url(password: configuration.password, database: 0, user: "default"))
        #expect(try await connection.send(["PING"]) == .status("PONG"))
    }

    @Test("a wrong password is an authentication error that shows neither password")
    func wrongPassword() async throws {
        let wrong = "wrong-\(TestEnvironment.uniqueName())"
        let error = try await #require(throws: RedisError.self) {
            try await RedisConnection(url: url(password: wrong, database: 0, user: "someone"))
        }
        #expect(error.kind == .authentication)
        #expect(!error.description.contains(wrong))
        #expect(!error.description.contains(try #require(configuration.password)))
    }

    @Test("no server on the port: a connection error")
    func refused() async throws {
        let error = try await #require(throws: RedisError.self) {
            try await RedisConnection(url: "redis://:secret@127.0.0.1:1/0", connectTimeout: .seconds(2))
        }
        #expect(error.kind == .connection)
        #expect(!error.description.contains("secret"))
    }

    @Test("1,000 commands in one pipeline come back in order")
    func pipelineThousand() async throws {
        let connection = try await RedisConnection(url: url)
        let key = TestEnvironment.uniqueName("pipe")
        let commands = (0..<1_000).map { _ in ["INCR", key] }
        let replies = try await connection.pipeline(commands)
        #expect(replies == (1...1_000).map { RedisValue.integer(Int64($0)) })
        let mixed = try await connection.pipeline([["GET", key], ["NOSUCHCOMMAND"], ["DEL", key], ["GET", key]])
        #expect(mixed[0] == .string("1000"))
        #expect(mixed[1].string == nil && (try? mixed[1].throwingOnError()) == nil)
        #expect(mixed[2] == .integer(1))
        #expect(mixed[3] == .null)
        #expect(try await connection.pipeline([]) == [])
    }

    @Test("arguments are binary safe: NUL, CR LF, spaces and invalid UTF-8")
    func binarySafe() async throws {
        let connection = try await RedisConnection(url: url)
        let key: [UInt8] = Array(TestEnvironment.uniqueName("bin").utf8) + [0x00, 0x20, 0x0D, 0x0A]
        let value: [UInt8] = [0x00, 0xFF, 0x0D, 0x0A, 0x24, 0x2D, 0x31, 0x00]
        #expect(try await connection.send(bytes: [Array("SET".utf8), key, value]) == .status("OK"))
        #expect(try await connection.send(bytes: [Array("GET".utf8), key]) == .bulk(value))
        #expect(try await connection.send(bytes: [Array("STRLEN".utf8), key]) == .integer(8))
        let textKey = TestEnvironment.uniqueName("txt") + " 日本語\r\n"
        #expect(try await connection.send(["SET", textKey, "a b\u{0}c"]) == .status("OK"))
        #expect(try await connection.send(["GET", textKey]) == .string("a b\u{0}c"))
        try await connection.send(bytes: [Array("DEL".utf8), key]).throwingOnError()
        try await connection.send(["DEL", textKey]).throwingOnError()
    }

    @Test("after the server kills the connection, the next call fails and the one after reconnects (AUTH and SELECT again)")
    func reconnectAfterKill() async throws {
        let connection = try await RedisConnection(url: url(password: configuration.password, database: 2))
        let killer = try await RedisConnection(url: url)
        let id = try #require(try await connection.send(["CLIENT", "ID"]).integer)
        #expect(try await killer.send(["CLIENT", "KILL", "ID", String(id)]) == .integer(1))
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .io)
        #expect(try await connection.send(["PING"]) == .status("PONG"))
        let newID = try #require(try await connection.send(["CLIENT", "ID"]).integer)
        #expect(newID != id)
        #expect(try await connection.send(["CLIENT", "INFO"]).string?.contains(" db=2 ") == true)
    }

    @Test("a command that outlives the command timeout fails; the next call reconnects")
    func commandTimeout() async throws {
        let connection = try await RedisConnection(url: url, commandTimeout: .milliseconds(300))
        let key = TestEnvironment.uniqueName("block")
        let clock = ContinuousClock()
        let start = clock.now
        // BLPOP would block for ten minutes. The bound is far from 300 ms: the suite's end-to-end tests
        // wait on the cooperative pool's threads (two on two cores), and this test's continuation can
        // wait for one of them for tens of seconds.
        let error = try await #require(throws: RedisError.self) { try await connection.send(["BLPOP", key, "600"]) }
        #expect(error.kind == .io)
        #expect(error.message.contains("no answer within 300 ms"))
        #expect(clock.now - start < .seconds(300))
        #expect(try await connection.send(["PING"]) == .status("PONG"))
    }

    @Test("error replies are values, not thrown; the connection stays usable")
    func errorReply() async throws {
        let connection = try await RedisConnection(url: url)
        let reply = try await connection.send(["INCR"])
        guard case .error(let message) = reply else {
            Issue.record("expected an error reply, got \(reply)")
            return
        }
        #expect(message.contains("wrong number of arguments"))
        #expect(try await connection.send(["PING"]) == .status("PONG"))
    }
}

extension String {
    /// Percent-encodes everything but unreserved characters, for a URL's user info.
    func addingPercentEncodingForURLUserInfo() -> String {
        var allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        allowed.remove(0)
        return utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}
