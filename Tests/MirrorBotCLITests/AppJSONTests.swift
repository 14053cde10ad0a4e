import Foundation
@testable import MirrorBotCLI
import TestSupport
import Testing

/// app.json (Heroku, Dokku) and .env.example (Docker Compose) against the code:
/// every environment variable the bot's sources read is documented, and nothing
/// documented is a variable the code does not read.
@Suite("app.json, Procfile and .env.example match the code")
struct AppJSONTests {
    static let root = BinaryRunner.repositoryRoot

    static func appJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("app.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "app.json is not a JSON object")
    }

    static func appEnvironment() throws -> [String: [String: Any]] {
        try #require(try appJSON()["env"] as? [String: [String: Any]], "app.json has no env object")
    }

    @Test("the scan finds the variables read every way the code reads them")
    func scanFindsEveryPattern() throws {
        let read = try EnvironmentScan.variables(under: Self.root.appendingPathComponent("Sources"))
        // One of each way of reading: env.url, credential prefix + suffix, the TIME_ZONE/TZ loop,
        // env["..."], env.integer, a Mastodon variable, ProcessInfo in the MeCab wrapper.
        for name in ["DATABASE_URL", "BOT_ACCESS_TOKEN_SECRET", "HUMAN_CONSUMER_KEY", "TZ", "REDIS_KEY_PREFIX",
                     "POLL_INTERVAL_SECONDS", "MASTODON_VISIBILITY", "MECABRC"] {
            #expect(read.contains(name), "the scan missed \(name)")
        }
        // Literals that are not variables stay out.
        for name in ["HUMAN", "BOT", "GET", "POST", "UTC", "CONSUMER_KEY"] {
            #expect(!read.contains(name), "the scan took \(name) for a variable")
        }
    }

    @Test("app.json is valid JSON and names every variable the code reads, and only those")
    func appJSONMatchesCode() throws {
        let read = try EnvironmentScan.variables(under: Self.root.appendingPathComponent("Sources"))
        let documented = Set(try Self.appEnvironment().keys)
        #expect(read.subtracting(documented).sorted() == [], "read by the code but missing from app.json")
        #expect(documented.subtracting(read).sorted() == [], "in app.json but read nowhere in Sources/")
    }

    /// How app.json says a variable is needed on one network: "Required on Bluesky (NETWORK=bluesky…".
    static let networks = [("x", "X"), ("mastodon", "Mastodon"), ("bluesky", "Bluesky"), ("misskey", "Misskey")]

    static func requiredMark(network: String, title: String) -> String { "Required on \(title) (NETWORK=\(network)" }

    @Test("every app.json variable has a description and a required flag; none is required, since which credentials a bot needs depends on NETWORK")
    func appJSONEntries() throws {
        for (name, entry) in try Self.appEnvironment() {
            let description = entry["description"] as? String ?? ""
            #expect(!description.isEmpty, "\(name) has no description")
            #expect(entry["required"] is Bool, "\(name) has no required flag")
            // A Heroku form with the X keys required could not deploy a Mastodon or Bluesky bot.
            #expect(entry["required"] as? Bool == false, "\(name): required should be false (it depends on NETWORK)")
        }
        let network = try #require(try Self.appEnvironment()["NETWORK"])
        #expect(network["value"] as? String == "x")
        let description = network["description"] as? String ?? ""
        for (value, _) in Self.networks { #expect(description.contains(value), "NETWORK's description does not name \(value)") }
    }

    @Test("each network's credentials, as the code demands them one missing variable at a time, are the ones app.json marks required on it",
          arguments: AppJSONTests.networks)
    func credentialsPerNetwork(network: String, title: String) throws {
        // What `doctor` and `start` ask for: set each variable the error names, until both accounts' networks build.
        var environment = ["NETWORK": network]
        var demanded: [String] = []
        while true {
            do {
                let services = Services(configuration: try Configuration(environment: environment), log: .silent)
                _ = try services.networks()
                break
            } catch let error as ConfigurationError {
                guard case .missing(let variable) = error, environment[variable] == nil, demanded.count < 20 else {
                    Issue.record("NETWORK=\(network): \(error) after setting \(demanded)")
                    return
                }
                demanded.append(variable)
                environment[variable] = variable.hasSuffix("_URL") ? "https://example.test" : "value-of-\(variable.lowercased())"
            }
        }
        let mark = Self.requiredMark(network: network, title: title)
        let marked = try Self.appEnvironment().filter { ($0.value["description"] as? String ?? "").contains(mark) }.keys
        #expect(Set(demanded) == Set(marked), "NETWORK=\(network): the code demands \(demanded.sorted()), app.json marks \(marked.sorted())")
        #expect(!demanded.isEmpty)
        // Another network's credentials are never demanded.
        for (other, otherTitle) in Self.networks where other != network {
            let theirs = try Self.appEnvironment().filter {
                ($0.value["description"] as? String ?? "").contains(Self.requiredMark(network: other, title: otherTitle))
            }.keys
            #expect(Set(theirs).isDisjoint(with: demanded), "NETWORK=\(network) demands \(other)'s \(Set(theirs).intersection(demanded))")
        }
    }

    @Test("app.json provisions PostgreSQL and Redis, runs one worker, and trains after the first deploy")
    func appJSONDeployment() throws {
        let app = try Self.appJSON()
        let addons = (app["addons"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["plan"] as? String ?? $0 as? String }
        #expect(addons.contains { $0.hasPrefix("heroku-postgresql") })
        #expect(addons.contains { $0.hasPrefix("heroku-redis") })
        let postdeploy = (app["scripts"] as? [String: Any])?["postdeploy"] as? String ?? ""
        for command in ["mirror-bot migrate", "mirror-bot train scheduler", "mirror-bot train classifier"] {
            #expect(postdeploy.contains(command), "postdeploy does not run \(command)")
        }
        let worker = (app["formation"] as? [String: Any])?["worker"] as? [String: Any]
        #expect(worker?["quantity"] as? Int == 1)
    }

    @Test("the heroku-redis add-on works as provisioned: a rediss:// URL with a self-signed certificate, so REDIS_TLS_VERIFY=none")
    func herokuRedisTLS() throws {
        let environment = try Self.appEnvironment()
        #expect(environment["REDIS_TLS_VERIFY"]?["value"] as? String == "none")
        #expect(environment["REDIS_TLS_CA_FILE"]?["value"] == nil)
        let description = environment["REDIS_URL"]?["description"] as? String ?? ""
        #expect(description.contains("rediss://") && !description.contains("cannot"))
    }

    @Test("the Procfile runs the daemon as a worker and migrates on release")
    func procfile() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Procfile"), encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(lines.contains("worker: mirror-bot start"))
        #expect(lines.contains("release: mirror-bot migrate"))
    }

    @Test(".env.example documents the same variables as app.json")
    func envExample() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(".env.example"), encoding: .utf8)
        // `NAME=value` or, for optional ones, `# NAME=value`.
        let pattern = try NSRegularExpression(pattern: #"^#?\s*([A-Z][A-Z0-9_]+)="#, options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        let names = Set(pattern.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        })
        let documented = Set(try Self.appEnvironment().keys)
        #expect(documented.subtracting(names).sorted() == [], "in app.json but not in .env.example")
        #expect(names.subtracting(documented).sorted() == [], "in .env.example but not in app.json")
    }
}

/// Finds the environment variables Swift sources read, by the ways this code reads them:
/// `env["NAME"]`, `environment["NAME"]`, `self["NAME"]`; typed reads `env.url("NAME", …)`,
/// `env.integer("NAME", …)` and the like; `variable: "NAME"` in configuration errors;
/// `for name in ["NAME", …]` loops over names; and `credentials(prefix: "P")` combined with
/// the suffixes listed in `func credentials(prefix:)`. Only literals shaped like
/// variables (`^[A-Z][A-Z0-9_]+$`) count. The test tools (fake-x, FakeX, fake-bluesky,
/// FakeBluesky, mirror-bot-bench) are not the deployed bot and are left out.
enum EnvironmentScan {
    static let excludedTargets: Set<String> = ["fake-x", "FakeX", "fake-bluesky", "FakeBluesky", "mirror-bot-bench"]
    static let name = #"([A-Z][A-Z0-9_]+)"#

    static func variables(under sources: URL) throws -> Set<String> {
        var found = Set<String>()
        var prefixes = Set<String>()
        var suffixes = Set<String>()
        for file in try swiftFiles(under: sources) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for pattern in [
                #"\b(?:env|environment|self)\s*\[\s*""# + name + #""\s*\]"#,
                #"\benv\.\w+\(\s*""# + name + #"""#,
                #"\bvariable:\s*""# + name + #"""#,
            ] {
                found.formUnion(try captures(pattern, in: text))
            }
            for list in try captures(#"\bfor\s+\w+\s+in\s+\[((?:\s*"[A-Z][A-Z0-9_]*"\s*,?)+)\]"#, in: text) {
                found.formUnion(try captures(#"""# + name + #"""#, in: list))
            }
            prefixes.formUnion(try captures(#"credentials\(prefix:\s*"([A-Z][A-Z0-9]*)"\)"#, in: text))
            if let start = text.range(of: "func credentials(prefix") {
                let body = text[start.upperBound...]
                let end = body.range(of: "\n    func ")?.lowerBound ?? body.endIndex
                if let list = try captures(#"\[((?:\s*"[A-Z][A-Z0-9_]*"\s*,?)+)\]"#, in: String(body[..<end])).first {
                    suffixes.formUnion(try captures(#"""# + name + #"""#, in: list))
                }
            }
        }
        for prefix in prefixes {
            for suffix in suffixes { found.insert("\(prefix)_\(suffix)") }
        }
        return found
    }

    static func swiftFiles(under sources: URL) throws -> [URL] {
        let targets = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)
            .filter { !excludedTargets.contains($0.lastPathComponent) }
        var files: [URL] = []
        for target in targets {
            guard let walker = FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                files.append(file)
            }
        }
        return files
    }

    /// The first capture group of every match.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
