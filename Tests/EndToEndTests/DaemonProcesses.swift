import Foundation
import Synchronization
import TestSupport

/// The `mirror-bot start` processes of one test: each writes to its own log
/// file (never to the test's pipes), and all are killed at teardown.
final class DaemonProcesses: Sendable {
    private let started = Mutex<[(process: Process, log: URL)]>([])

    /// Starts `mirror-bot start` with exactly `environment` (plus PATH); with `envFile`, as the
    /// README says, from a shell that first exports the file's values (`set -a; . FILE; set +a`).
    func start(_ environment: [String: String], arguments: [String] = ["start"], sourcing envFile: String? = nil) throws -> Process {
        let process = Process()
        let binary = BinaryRunner.productsDirectory.appendingPathComponent("mirror-bot")
        if let envFile {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"set -a; . "$1"; set +a; shift; exec "$@""#, "sh", envFile, binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { current, _ in current }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("daemon") + ".log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        started.withLock { $0.append((process, log)) }
        return process
    }

    /// Everything the daemons printed so far.
    var output: String {
        started.withLock { $0 }.map { (try? String(contentsOf: $0.log, encoding: .utf8)) ?? "" }.joined(separator: "\n")
    }

    /// Sends SIGTERM and waits up to `timeout` seconds; the exit status, or nil when it
    /// did not exit (then it is killed, after a thread dump to MIRROR_BOT_HANG_DUMP if set).
    func stop(_ process: Process, timeout: TimeInterval = 10) -> Int32? {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        guard process.isRunning else { return process.terminationStatus }
        if let dump = ProcessInfo.processInfo.environment["MIRROR_BOT_HANG_DUMP"] {
            let gdb = Process()
            gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
            gdb.arguments = ["-batch", "-ex", "thread apply all bt", "-p", "\(process.processIdentifier)"]
            gdb.standardOutput = FileHandle(forWritingAtPath: dump)
            try? gdb.run()
            gdb.waitUntilExit()
        }
        kill(process.processIdentifier, SIGKILL)
        return nil
    }

    /// Kills every daemon still running and deletes the logs.
    func killAll() {
        for (process, log) in started.withLock({ $0 }) {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: log)
        }
    }
}

/// Polls `condition` every 100 ms until it holds or `timeout` passes, sleeping as a task: a
/// thread of the cooperative pool (two on two cores) is never held while the daemon works, so
/// the suite's other tests go on meanwhile.
func waitFor(_ timeout: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(100))
    }
    return condition()
}

/// A test world that runs `mirror-bot start` processes with its environment.
protocol DaemonWorld: ScopedResource {
    var daemons: DaemonProcesses { get }
    var environment: [String: String] { get }
    /// The fake's endpoints the reply and like loops poll each round.
    var pollEndpoints: [String] { get }
    /// How many requests the fake answered at `endpoint`.
    func requestCount(_ endpoint: String) -> Int
}

extension DaemonWorld {
    /// Starts `mirror-bot start` with the world's environment plus `extra`.
    @discardableResult
    func startDaemon(_ extra: [String: String] = [:]) throws -> Process {
        try daemons.start(environment.merging(extra) { $1 })
    }

    /// Everything the daemons printed so far.
    var output: String { daemons.output }

    func stop(_ process: Process, timeout: TimeInterval = 10) -> Int32? { daemons.stop(process, timeout: timeout) }

    func waitFor(_ timeout: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
        await EndToEndTests.waitFor(timeout, condition)
    }

    /// Waits until the fake has seen `rounds` more polls of every loop that polls: the
    /// evidence that the daemons had their chance to do anything twice (no fixed sleep).
    @discardableResult
    func waitForMoreRounds(_ rounds: Int = 3, timeout: TimeInterval = 30) async -> Bool {
        let before = pollEndpoints.map(requestCount)
        return await waitFor(timeout) { zip(pollEndpoints.map(requestCount), before).allSatisfy { $0 >= $1 + rounds } }
    }
}
