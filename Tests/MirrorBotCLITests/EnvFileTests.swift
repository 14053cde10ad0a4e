import Foundation
@testable import MirrorBotCLI
import Testing

@Suite("The env file writer")
struct EnvFileTests {
    @Test("setting keys keeps every other line, replaces in place and appends new keys")
    func setKeepsLines() {
        var file = EnvFile(text: "# mine\nDATABASE_URL=postgres://db/x\n\nexport HUMAN_MASTODON_TOKEN=old\nHUMAN_MASTODON_TOKEN=older\n")
        file.set([(key: "HUMAN_MASTODON_TOKEN", value: "new"), (key: "NETWORK", value: "mastodon")])
        #expect(file.text == "# mine\nDATABASE_URL=postgres://db/x\n\nHUMAN_MASTODON_TOKEN=new\nNETWORK=mastodon\n")
    }

    @Test("a value reads back as written", arguments: ["plain-Token_1.2", "with space", "it's", "a\"b$c`d\\e", "", "日本"])
    func roundTrip(value: String) {
        var file = EnvFile(text: "")
        file.set([(key: "K", value: value)])
        #expect(EnvFile(text: file.text).value(of: "K") == value)
    }

    @Test("quoting: bare when safe, single quotes for spaces, double quotes with escapes for a quote")
    func quoting() {
        #expect(EnvFile.quote("abc-123") == "abc-123")
        #expect(EnvFile.quote("a b") == "'a b'")
        #expect(EnvFile.quote("it's $x") == "\"it's \\$x\"")
    }

    @Test("the file is written whole with mode 0600, and other lines survive")
    func writesAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envfile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/.env"
        try "KEEP=1\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        var file = try EnvFile.read(path: path)
        file.set([(key: "BOT_MASTODON_TOKEN", value: "secret")])
        try file.write(path: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "KEEP=1\nBOT_MASTODON_TOKEN=secret\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [".env"])
    }

    @Test("heroku config:set quotes each pair for the shell")
    func heroku() {
        let line = HerokuConfigSet.command([(key: "A", value: "x1"), (key: "B", value: "it's")])
        #expect(line == "heroku config:set A=x1 'B=it'\\''s'")
    }
}
