import MirrorBot
@testable import MirrorBotCLI
import Testing

extension Services {
    /// Services over the configuration `environment` makes, logging nowhere.
    static func testing(_ environment: [String: String]) throws -> Services {
        Services(configuration: try Configuration(environment: environment), log: .silent)
    }

    /// The human's and the bot's networks built from `environment`, each required to be a `Network`.
    static func networks<Network>(_ environment: [String: String], as type: Network.Type) throws -> (human: Network, bot: Network) {
        let (human, bot) = try testing(environment).networks()
        return (try #require(human as? Network), try #require(bot as? Network))
    }

    /// Expects building the networks from `environment` without `variable` to fail, naming it.
    static func expectMissing(_ variable: String, from environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        var environment = environment
        environment[variable] = nil
        let services = try testing(environment)
        #expect(throws: ConfigurationError.missing(variable: variable), sourceLocation: sourceLocation) { _ = try services.networks() }
    }

    /// Expects the configuration `environment` makes to list each of `values` among its secrets (what the log redacts).
    static func expectSecrets(_ values: [String], in environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let secrets = try Configuration(environment: environment).secrets
        for value in values { #expect(secrets.contains(value), "\(value)", sourceLocation: sourceLocation) }
    }
}
