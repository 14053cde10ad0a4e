import Foundation

/// Runs a built executable of this package (mirror-bot, fake-x) as a process.
public enum BinaryRunner {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The folder holding the built products (the test bundle's own folder).
    public static var productsDirectory: URL {
        if let executable = Bundle.main.executableURL {
            let folder = executable.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("mirror-bot").path) {
                return folder
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug")
    }

    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `product` with `arguments` and exactly `environment` (plus PATH), in the repository root; waits for it.
    public static func run(
        _ arguments: [String], product: String = "mirror-bot", environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(product)
        process.arguments = arguments
        var env = environment
        env["PATH"] = env["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = env
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a chatty process never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}
