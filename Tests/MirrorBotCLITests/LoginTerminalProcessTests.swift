import FakeMastodon
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `mirror-bot login` at a real pseudo-terminal (openpty): the page's address read from
/// what the terminal shows, the page fetched like a browser, the code typed back.
@Suite("login at a pseudo-terminal")
struct LoginTerminalProcessTests {
    /// What the terminal showed, and the exit status.
    func runAtTerminal(_ arguments: [String], in directory: String, type: @escaping @Sendable (String) async -> String?) async throws
        -> (shown: String, status: Int32)
    {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw LoginError("openpty failed") }
        let process = Process()
        process.executableURL = BinaryRunner.productsDirectory.appendingPathComponent("mirror-bot")
        process.arguments = arguments
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        close(slave)
        defer { close(master) }
        var shown = ""
        var typed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // The master's read ends (-1, EIO) once the child has closed the terminal.
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            shown += String(decoding: buffer[..<count], as: UTF8.self)
            if !typed, let line = shown.split(whereSeparator: \.isNewline).last(where: { $0.contains("/oauth/authorize?") }),
                shown.contains("Paste the authorization code")
            {
                typed = true
                let answer = await type(String(line).trimmingCharacters(in: .whitespaces)) ?? ""
                let bytes = Array((answer + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
        }
        process.waitUntilExit()
        return (shown, process.terminationStatus)
    }

    @Test("login human at a terminal on Mastodon: the page opened, the code typed, the env file written 0600")
    func mastodonAtTerminal() async throws {
        let server = FakeMastodonServer()
        server.addAccount(id: "1", username: "alice")
        try server.start()
        defer { server.stop() }
        server.signInBrowser(accountID: "1")
        let scratch = try LoginScratch(envText: "NETWORK=mastodon\nMASTODON_BASE_URL=\(server.baseURL.absoluteString)\n")
        let browse: @Sendable (String) async -> String? = { page in await Browser.mastodonCode(URL(string: page)) }
        let (shown, status) = try await runAtTerminal(["login", "human"], in: scratch.directory, type: browse)
        #expect(status == 0)
        #expect(shown.contains("Signed in as @alice on 127.0.0.1"))
        #expect(EnvFile(text: try scratch.envText()).value(of: "HUMAN_MASTODON_TOKEN") != nil)
        #expect(try scratch.envMode() == 0o600)

        let before = try scratch.envText()
        let (refused, failure) = try await runAtTerminal(["login", "human"], in: scratch.directory) { _ in "not-the-code" }
        #expect(failure == 1)
        #expect(refused.contains("Error: trading the code at 127.0.0.1 failed: HTTP 400 (invalid_grant); nothing was written"))
        #expect(try scratch.envText() == before)
    }
}
