import Foundation
import Redis
import TestSupport
import Testing

/// The built binary against the TLS port of the test Redis (`rediss://…@localhost`,
/// a certificate signed by a private CA): train, classify and doctor as a
/// deployment on Heroku's Key-Value Store (REDIS_TLS_VERIFY=none) or on a
/// Redis with its own CA (REDIS_TLS_CA_FILE) would run them.
@Suite("mirror-bot over rediss://")
struct RedisTLSEndToEndTests {
    static let training = [
        #"{"text":"寿司が大好き、今日も寿司と刺身","author":"alice","label":"favorite"}"#,
        #"{"text":"回転寿司のマグロ最高 #寿司","author":"alice","label":"favorite"}"#,
        #"{"text":"朝から会議が三つ","author":"carol","label":"normal"}"#,
        #"{"text":"電車が遅れて会議に遅刻","author":"dave","label":"normal"}"#,
    ].joined(separator: "\n") + "\n"

    static func environment(_ extra: [String: String]) throws -> [String: String] {
        ["REDIS_URL": try TestEnvironment.redisTLSURL(), "REDIS_KEY_PREFIX": TestEnvironment.uniqueName("tls") + ":"]
            .merging(extra) { $1 }
    }

    static func trainingFile() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("tls") + ".jsonl")
        try Data(training.utf8).write(to: url)
        return url.path
    }

    /// The binary, on a thread of its own (a process blocks for a while).
    static func run(_ arguments: [String], environment: [String: String], stdin: String? = nil) async throws -> BinaryRunner.Result {
        try await onOwnThread { try BinaryRunner.run(arguments, environment: environment, stdin: stdin) }
    }

    /// Forgets what a test trained (its keys all start with its own prefix).
    static func deleteKeys(prefix: String) async throws {
        let redis = try await RedisConnection(url: TestEnvironment.redisURL())
        let keys = try await redis.send(["KEYS", prefix + "*"]).array?.compactMap(\.string) ?? []
        if !keys.isEmpty { try await redis.send(["DEL"] + keys).throwingOnError() }
    }

    static func password() throws -> String {
        try #require(URLComponents(string: try TestEnvironment.redisTLSURL())?.password)
    }

    @Test("train classifier --jsonl, then classify, over TLS: verified with REDIS_TLS_CA_FILE, or not with REDIS_TLS_VERIFY=none",
          arguments: ["ca", "none"])
    func trainThenClassify(mode: String) async throws {
        let extra = mode == "ca" ? ["REDIS_TLS_CA_FILE": try TestEnvironment.redisTLSCAFile()] : ["REDIS_TLS_VERIFY": "none"]
        let environment = try Self.environment(extra).merging(try await MigratedDatabase.environment()) { $1 }
        let file = try Self.trainingFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let trained = try await Self.run(["train", "classifier", "--jsonl", file], environment: environment)
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stdout.contains("Trained 4 posts from \(file): favorite 2, normal 2"))

        let input = #"{"id":"s","text":"寿司が食べたい","author":"alice"}"# + "\n" + #"{"id":"m","text":"会議が長い","author":"carol"}"#
        let classified = try await Self.run(["classify", "--jsonl", "-"], environment: environment, stdin: input)
        #expect(classified.status == 0, "\(classified.stderr)")
        let labels = try classified.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["label"] as? String
        }
        #expect(labels == ["favorite", "normal"])

        // The counts went to the same Redis: through its plain port the verdicts are the same.
        var plain = environment
        plain["REDIS_URL"] = try TestEnvironment.redisURL()
        let again = try await Self.run(["classify", "--jsonl", "-"], environment: plain, stdin: input)
        #expect(again.status == 0 && again.stdout == classified.stdout, "\(again.stderr)")
        try await Self.deleteKeys(prefix: environment["REDIS_KEY_PREFIX"] ?? "")
    }

    @Test("against the system's CAs the private certificate is refused: exit 1, one line naming the cause, no password, at once")
    func unverifiable() async throws {
        var ran: BinaryRunner.Result?
        let time = try await timed {
            ran = try await Self.run(["classify", "寿司", "--author", "alice"], environment: try Self.environment([:]))
        }
        let result = try #require(ran)
        #expect(time < .seconds(20))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: Redis certificate not verified: localhost:"))
        #expect(result.stderr.contains("REDIS_TLS_CA_FILE"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains(try Self.password()))
    }

    @Test("a REDIS_TLS_VERIFY that is neither peer nor none: exit 78, one line naming the variable")
    func badVerify() async throws {
        let result = try await Self.run(["classify", "寿司"], environment: try Self.environment(["REDIS_TLS_VERIFY": "strict"]))
        #expect(result.status == 78)
        #expect(result.stderr == "Error: REDIS_TLS_VERIFY is invalid: expected peer or none, got \"strict\"\n")
    }

    @Test("a wrong password over TLS: exit 1, an authentication error without either password")
    func wrongPassword() async throws {
        let url = try TestEnvironment.redisTLSURL().replacingOccurrences(of: try Self.password(), with: "not-the-password-42")
        let result = try await Self.run(["classify", "寿司"], environment: try Self.environment([
            "REDIS_URL": url, "REDIS_TLS_CA_FILE": try TestEnvironment.redisTLSCAFile(),
        ]))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: Redis authentication failed: WRONGPASS"))
        let password = try Self.password()
        #expect(!result.stderr.contains("not-the-password-42") && !result.stderr.contains(password))
    }

    @Test("doctor says how Redis is reached: TLS 1.3, verified for localhost, or not verified (REDIS_TLS_VERIFY=none)")
    func doctor() async throws {
        for (extra, route) in [
            (["REDIS_TLS_CA_FILE": try TestEnvironment.redisTLSCAFile()], "TLS 1.3, certificate verified for localhost;"),
            (["REDIS_TLS_VERIFY": "none"], "TLS 1.3, certificate not verified (REDIS_TLS_VERIFY=none);"),
            (["REDIS_URL": try TestEnvironment.redisURL()], "plain TCP;"),
        ] {
            let result = try await Self.run(["doctor"], environment: try Self.environment(extra))
            let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("ok    redis") || $0.hasPrefix("FAIL  redis") }
            #expect(line?.hasPrefix("ok    redis ") == true, "\(result.stdout)")
            #expect(line?.contains(" PING answered over \(route) key prefix") == true, "\(result.stdout)")
            #expect(!result.stdout.contains(try Self.password()))
        }
    }
}
