import Foundation
import TestSupport

/// A private PostgreSQL this test can stop and start again (the suite's own is shared
/// by every test): initdb in a temporary folder, trust on loopback, one database.
/// Its data survives a restart, as a real deployment's would.
final class RestartablePostgres: @unchecked Sendable {
    private(set) var port: Int
    let folder: URL
    let bin: String
    private var process: Process?

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("pg"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        port = try SparePort.loopback()
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let newest = versions.compactMap(Int.init).max() else { throw HarnessError(message: "no PostgreSQL in /usr/lib/postgresql") }
        bin = "/usr/lib/postgresql/\(newest)/bin"
        try run("\(bin)/initdb", ["-D", data, "-U", "mirror_bot", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"])
    }

    var data: String { folder.appendingPathComponent("data").path }
    var url: String { "postgres://mirror_bot@127.0.0.1:\(port)/mirror_bot" }

    /// Starts the server and waits until it accepts connections (up to a minute: CI's
    /// machine may be busy). The first start moves to another spare port when the one chosen
    /// was taken in between; a restart keeps its port, since the daemon holds the URL.
    func start() throws {
        var attempts = started ? 1 : 3
        while true {
            attempts -= 1
            do {
                try launch()
                started = true
                // The database, once (a restart keeps it).
                try? run("\(bin)/createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "mirror_bot", "mirror_bot"])
                return
            } catch let failure as StartFailure where failure.portTaken && attempts > 0 {
                port = try SparePort.loopback()
            }
        }
    }

    private var started = false
    private var logPath: String { folder.appendingPathComponent("server.log").path }

    private struct StartFailure: Error, CustomStringConvertible {
        let description: String
        let portTaken: Bool
    }

    /// Runs the server in the foreground as this object's child (`pg_ctl start` would leave a
    /// daemon holding Foundation's process-exit socket, so `waitUntilExit` would never return).
    /// Its log goes to a file in the folder, whose last line names the cause when it fails.
    private func launch() throws {
        let process = Process()
        let server = ["\(bin)/postgres", "-D", data, "-p", "\(port)", "-k", folder.path, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--"] + server
        } else {
            process.executableURL = URL(fileURLWithPath: server[0])
            process.arguments = Array(server.dropFirst())
        }
        if !FileManager.default.fileExists(atPath: logPath) { FileManager.default.createFile(atPath: logPath, contents: nil) }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        defer { try? log.close() }
        let offset = try log.seekToEnd()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? run("\(bin)/pg_isready", ["-h", "127.0.0.1", "-p", "\(port)", "-q"])) != nil { return }
            if !process.isRunning {
                self.process = nil
                let lines = logLines(since: offset)
                let cause = lines.first { $0.contains("FATAL") } ?? lines.last ?? "(its log is empty)"
                throw StartFailure(
                    description: "the private PostgreSQL on port \(port) exited \(process.terminationStatus): \(cause)",
                    portTaken: lines.contains { $0.contains("could not bind") || $0.contains("could not create any TCP/IP sockets") })
            }
            usleep(50_000)
        }
        stop()
        throw StartFailure(description: "the private PostgreSQL did not start on port \(port) within 60 s: \(logLines(since: offset).last ?? "(its log is empty)")", portTaken: false)
    }

    /// What the server logged since this launch began.
    private func logLines(since offset: UInt64) -> [String] {
        guard let log = FileHandle(forReadingAtPath: logPath) else { return [] }
        defer { try? log.close() }
        try? log.seek(toOffset: offset)
        let text = String(decoding: (try? log.readToEnd()) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// A fast shutdown: sessions are ended, as in a database restart or a failover.
    func stop() {
        guard let process else { return }
        try? run("\(bin)/pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"])
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        self.process = nil
    }

    /// Runs a PostgreSQL tool (as the postgres user when the tests run as root: initdb refuses root).
    private func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", tool] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
        }
        // Never the test's own pipes: swift test waits until every holder closes them.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError(message: "\((tool as NSString).lastPathComponent) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
