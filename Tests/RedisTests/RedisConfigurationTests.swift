import Redis
import Testing

@Suite("RedisConfiguration parses redis:// and rediss:// URLs")
struct RedisConfigurationTests {
    @Test("host, port, percent-decoded password and database")
    func fullURL() throws {
        let configuration = try RedisConfiguration(url: "redis://:p%40ss%3Aw%2Frd@127.0.0.1:6380/3")
        #expect(configuration == RedisConfiguration(host: "127.0.0.1", port: 6380, password: "p@ss:w/rd", database: 3))
    }

    @Test("defaults: localhost, 6379, database 0, no credentials")
    func defaults() throws {
        #expect(try RedisConfiguration(url: "redis://localhost") == RedisConfiguration())
        #expect(try RedisConfiguration(url: "redis://localhost/") == RedisConfiguration())
    }

    @Test("user and password (Redis 6 ACL, or Redis To Go's placeholder user)")
    func userAndPassword() throws {
        let configuration = try RedisConfiguration(url: "redis://redistogo:secret@example.com:9999/")
        #expect(configuration.user == "redistogo")
        #expect(configuration.password == "secret")
        #expect(configuration.host == "example.com")
        #expect(configuration.port == 9999)
    }

    @Test("description hides the password")
    func descriptionHidesPassword() throws {
        let configuration = try RedisConfiguration(url: "redis://me:hunter2@db.example:6379/2")
        #expect(configuration.description == "redis://me:***@db.example:6379/2")
        #expect(!configuration.description.contains("hunter2"))
    }

    @Test("rediss:// turns TLS on: the certificate verified against the system's CAs unless told otherwise")
    func tls() throws {
        let verified = try RedisConfiguration(url: "rediss://:hunter2@example.com:6380")
        #expect(verified == RedisConfiguration(host: "example.com", port: 6380, password: "hunter2", tls: RedisTLS()))
        #expect(verified.tls?.verifyPeer == true && verified.tls?.caFile == nil)
        #expect(verified.description == "rediss://:***@example.com:6380/0")

        let privateCA = try RedisConfiguration(url: "REDISS://h:1/2", caFile: "/etc/ca.pem")
        #expect(privateCA.tls == RedisTLS(verifyPeer: true, caFile: "/etc/ca.pem"))
        #expect(privateCA.database == 2)

        let unverified = try RedisConfiguration(url: "rediss://h:1", verifyPeer: false)
        #expect(unverified.tls == RedisTLS(verifyPeer: false))
    }

    @Test("redis:// stays plain TCP whatever the TLS options say")
    func plainIgnoresTLSOptions() throws {
        let configuration = try RedisConfiguration(url: "redis://h:1", verifyPeer: false, caFile: "/etc/ca.pem")
        #expect(configuration.tls == nil)
        #expect(configuration.description == "redis://h:1/0")
    }

    @Test("bad URLs are refused without echoing them", arguments: [
        "http://:hunter2@example.com", "redis://:hunter2@example.com/notanumber", "redis://:hunter2@example.com:0", "hunter2",
    ])
    func invalid(url: String) throws {
        let error = try #require(throws: RedisError.self) { try RedisConfiguration(url: url) }
        #expect(error.kind == .invalidURL)
        #expect(!error.description.contains("hunter2"))
    }
}
