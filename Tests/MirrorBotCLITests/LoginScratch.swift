import Foundation
@testable import MirrorBotCLI
import Synchronization

/// A scratch folder with an env file, and `mirror-bot login` run in it with a scripted person at
/// the terminal: `answer` sees the lines printed so far and returns what is typed next.
struct LoginScratch {
    let directory: String
    var envPath: String { directory + "/.env" }

    init(envText: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("login-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try envText.write(toFile: envPath, atomically: false, encoding: .utf8)
    }

    func login(_ arguments: [String], answer: @escaping @Sendable ([String]) async -> String?) async throws -> [String] {
        try await runCommand(LoginCommand(arguments: arguments), answer: answer)
    }

    func runCommand(_ command: some Command, answer: @escaping @Sendable ([String]) async -> String?) async throws -> [String] {
        let lines = Mutex<[String]>([])
        let context = CommandContext(
            environment: [:], currentDirectory: directory, input: { await answer(lines.withLock { $0 }) },
            output: { line in lines.withLock { $0.append(line) } })
        _ = try await command.run(context)
        return lines.withLock { $0 }
    }

    func envText() throws -> String { try String(contentsOfFile: envPath, encoding: .utf8) }

    func envMode() throws -> Int? { try FileManager.default.attributesOfItem(atPath: envPath)[.posixPermissions] as? Int }
}
