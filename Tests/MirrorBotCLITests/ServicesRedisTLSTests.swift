import Foundation
import MirrorBot
@testable import MirrorBotCLI
import Redis
import Testing

/// REDIS_URL, REDIS_TLS_VERIFY and REDIS_TLS_CA_FILE, from the environment to the Redis connection's configuration.
@Suite("Services: Redis over TLS from REDIS_TLS_VERIFY and REDIS_TLS_CA_FILE")
struct ServicesRedisTLSTests {
    func redisConfiguration(_ environment: [String: String]) throws -> RedisConfiguration {
        try Services(configuration: Configuration(environment: environment), log: .silent).redisConfiguration()
    }

    @Test("by default a rediss:// server's certificate is verified against the system's CAs")
    func defaults() throws {
        let configuration = try Configuration(environment: [:])
        #expect(configuration.redisTLSVerifyPeer == true)
        #expect(configuration.redisTLSCAFile == nil)
        #expect(try redisConfiguration(["REDIS_URL": "rediss://:pw@redis.example:6380"]).tls == RedisTLS(verifyPeer: true, caFile: nil))
        #expect(try redisConfiguration([:]).tls == nil)
    }

    @Test("REDIS_TLS_VERIFY=none (any case) accepts any certificate; peer verifies", arguments: [
        ("none", false), ("NONE", false), ("peer", true), ("Peer", true),
    ])
    func verify(value: String, verifyPeer: Bool) throws {
        let tls = try redisConfiguration(["REDIS_URL": "rediss://h:1", "REDIS_TLS_VERIFY": value]).tls
        #expect(tls?.verifyPeer == verifyPeer)
    }

    @Test("REDIS_TLS_CA_FILE names the CA bundle to verify against")
    func caFile() throws {
        let tls = try redisConfiguration(["REDISTOGO_URL": "rediss://h:1", "REDIS_TLS_CA_FILE": "/etc/redis/ca.pem"]).tls
        #expect(tls == RedisTLS(verifyPeer: true, caFile: "/etc/redis/ca.pem"))
    }

    @Test("any other REDIS_TLS_VERIFY is a one-line error naming the variable")
    func badVerify() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try Configuration(environment: ["REDIS_TLS_VERIFY": "yes please"])
        }
        #expect(error == .invalid(variable: "REDIS_TLS_VERIFY", reason: "expected peer or none, got \"yes please\""))
        #expect(error.description == "REDIS_TLS_VERIFY is invalid: expected peer or none, got \"yes please\"")
    }

    @Test("a certificate or TLS setup that cannot work stops the daemon at once; a server not up yet is waited for")
    func permanence() {
        #expect(Services.isPermanent(RedisError(kind: .certificate, message: "")))
        #expect(Services.isPermanent(RedisError(kind: .tls, message: "")))
        #expect(Services.isPermanent(RedisError(kind: .invalidURL, message: "")))
        #expect(!Services.isPermanent(RedisError(kind: .connection, message: "")))
        #expect(!Services.isPermanent(RedisError(kind: .io, message: "")))
    }
}
