import Foundation

/// The services `scripts/test.sh` starts, read from its environment.
///
/// A missing variable is a test failure with a message saying how to run the
/// suite; tests never skip quietly when a service is absent.
public enum TestEnvironment {
    public struct MissingService: Error, CustomStringConvertible {
        public let variable: String
        public var description: String {
            "\(variable) is not set: run the suite with scripts/test.sh, which starts PostgreSQL and Redis (plain and TLS)"
        }
    }

    public static func require(_ variable: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            throw MissingService(variable: variable)
        }
        return value
    }

    public static func databaseURL() throws -> String { try require("TEST_DATABASE_URL") }
    public static func databaseSocketURL() throws -> String { try require("TEST_DATABASE_SOCKET_URL") }
    public static func redisURL() throws -> String { try require("TEST_REDIS_URL") }
    /// The same Redis over TLS (`rediss://…@localhost:<port>/0`), its certificate signed by a private CA.
    public static func redisTLSURL() throws -> String { try require("TEST_REDIS_TLS_URL") }
    /// That private CA, as a PEM file.
    public static func redisTLSCAFile() throws -> String { try require("TEST_REDIS_TLS_CA_FILE") }

    /// A short random name for schemas and key prefixes, unique per test.
    public static func uniqueName(_ prefix: String = "t") -> String {
        prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }
}
