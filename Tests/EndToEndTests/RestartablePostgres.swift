import Foundation
import TestSupport

/// A private PostgreSQL this test can stop and start again (the suite's own is shared
/// by every test): initdb in a temporary folder, trust on loopback, one database.
/// Its data survives a restart, as a real deployment's would.
final class RestartablePostgres: @unchecked Sendable {
    let port: Int
    let folder: URL
    let bin: String
    private var process: Process?

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("pg"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        port = Int.random(in: 40_001...60_000)
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let newest = versions.compactMap(Int.init).max() else { throw HarnessError(message: "no PostgreSQL in /usr/lib/postgresql") }
        bin = "/usr/lib/postgresql/\(newest)/bin"
        try run("\(bin)/initdb", ["-D", data, "-U", "mirror_bot", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"])
    }

    var data: String { folder.appendingPathComponent("data").path }
    var url: String { "postgres://mirror_bot@127.0.0.1:\(port)/mirror_bot" }

    /// Runs the server in the foreground as this object's child (`pg_ctl start` would leave a
    /// daemon holding Foundation's process-exit socket, so `waitUntilExit` would never return).
    func start() throws {
        let process = Process()
        let server = ["\(bin)/postgres", "-D", data, "-p", "\(port)", "-k", folder.path, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--"] + server
        } else {
            process.executableURL = URL(fileURLWithPath: server[0])
            process.arguments = Array(server.dropFirst())
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var ready = false
        for _ in 0..<200 where !ready {
            ready = (try? run("\(bin)/pg_isready", ["-h", "127.0.0.1", "-p", "\(port)", "-q"])) != nil
            if !ready { usleep(50_000) }
        }
        guard ready else { throw HarnessError(message: "the private PostgreSQL did not start on port \(port)") }
        // The database, once (a restart keeps it).
        try? run("\(bin)/createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "mirror_bot", "mirror_bot"])
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
