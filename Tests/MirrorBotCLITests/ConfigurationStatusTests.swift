import Foundation
import MirrorBotCLI
import Testing

@Suite("Configuration of the status server")
struct ConfigurationStatusTests {
    @Test("off by default, on 127.0.0.1 when a port is given")
    func defaults() throws {
        let off = try Configuration(environment: [:])
        #expect(off.statusPort == nil)
        #expect(off.statusBind == "127.0.0.1")
        #expect(try Configuration(environment: ["STATUS_PORT": "9100"]).statusPort == 9100)
        #expect(try Configuration(environment: ["STATUS_PORT": "0"]).statusPort == 0)
    }

    @Test("PORT (Heroku, Dokku) is used without STATUS_PORT; STATUS_PORT wins when both are set")
    func platformPort() throws {
        let heroku = try Configuration(environment: ["PORT": "5000"])
        #expect(heroku.statusPort == 5000)
        #expect(heroku.statusPortVariable == "PORT")
        let both = try Configuration(environment: ["PORT": "5000", "STATUS_PORT": "9100"])
        #expect(both.statusPort == 9100)
        #expect(both.statusPortVariable == "STATUS_PORT")
    }

    @Test("STATUS_BIND takes IPv4 and IPv6 addresses, and localhost", arguments: [
        ("0.0.0.0", "0.0.0.0"), ("::", "::"), ("::1", "::1"), ("10.0.0.7", "10.0.0.7"), ("localhost", "127.0.0.1"),
    ])
    func bind(value: String, expected: String) throws {
        #expect(try Configuration(environment: ["STATUS_BIND": value]).statusBind == expected)
    }

    @Test("a malformed value is a one-line error naming the variable", arguments: [
        ("STATUS_PORT", "http"), ("STATUS_PORT", "70000"), ("STATUS_PORT", "-1"), ("PORT", "web"),
        ("STATUS_BIND", "example.com"), ("STATUS_BIND", "300.1.1.1"),
    ])
    func malformed(variable: String, value: String) {
        do {
            _ = try Configuration(environment: [variable: value])
            Issue.record("\(variable)=\(value) was accepted")
        } catch let error as ConfigurationError {
            #expect(error.description.hasPrefix("\(variable) is invalid: "))
            #expect(error.description.contains(value))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
