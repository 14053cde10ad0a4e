import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The command line the fake servers' executables share (`fake-x`, `fake-bluesky`, `fake-misskey`):
/// `--port P --state FILE.json` and flags of their own, one unbuffered line per event
/// on stdout, and a clean exit on SIGTERM or SIGINT.
public struct FakeServerCommandLine: Sendable {
    public let name: String
    public let usage: String
    /// 0 (the default) picks a free port.
    public private(set) var port = 0
    public private(set) var statePath: String?
    /// The flags given, of `flags`.
    public private(set) var flags: Set<String> = []

    /// Parses `arguments` (without the program's name); `--help` prints the usage and exits 0;
    /// anything else unknown, or a bad value, is a one-line error and exit 64.
    public init(name: String, flags known: [String], arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        self.name = name
        self.usage = "usage: \(name) --port P --state FILE.json" + (known.isEmpty ? "" : " [\(known.joined(separator: " | "))]")
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--port":
                guard let value = rest.popFirst(), let number = Int(value), (0...65535).contains(number) else {
                    fail("--port needs a number from 0 to 65535")
                }
                port = number
            case "--state":
                guard let value = rest.popFirst() else { fail("--state needs a file") }
                statePath = value
            case "--help", "-h":
                print(usage)
                exit(0)
            case let flag where known.contains(flag):
                flags.insert(flag)
            default:
                fail("unknown argument \"\(argument)\"")
            }
        }
    }

    /// Loads the `--state` file with `load` (nil without one), starts the server on `--port`
    /// with `start` and prints `NAME listening port=P`; an error fails as `fail` does.
    public func launch<Seed>(load: (URL) throws -> Seed, start: (Int) throws -> Int) -> Seed? {
        do {
            let seed = try statePath.map { try load(URL(fileURLWithPath: $0)) }
            emit("\(name) listening port=\(try start(port))")
            return seed
        } catch {
            fail("\(error)")
        }
    }

    /// The error and the usage on stderr; exit 64.
    public func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(name): \(message)\n\(usage)\n".utf8))
        exit(64)
    }

    /// One line on stdout, unbuffered (scripts wait for the listening line).
    public func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The flags that say when the seed's scheduled activity starts (`schedule`).
    public static let scheduleFlags = ["--no-scheduled", "--scheduled-on-usr1"]

    /// Starts the seed's scheduled activity with `start`: at once, never (`--no-scheduled`), or on
    /// the first SIGUSR1 (`--scheduled-on-usr1`: a script trains against the server first, then
    /// lets its people post). Keep what it returns while serving.
    public func schedule(_ start: @escaping @Sendable () -> Void) -> (any DispatchSourceSignal)? {
        if flags.contains("--no-scheduled") { return nil }
        guard flags.contains("--scheduled-on-usr1") else {
            start()
            return nil
        }
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .main)
        let started = Mutex(false)
        source.setEventHandler {
            guard !started.withLock({ done in defer { done = true }; return done }) else { return }
            start()
        }
        source.resume()
        return source
    }

    /// Serves until SIGTERM or SIGINT, then runs `stop` and exits 0.
    public func serveUntilSignalled(stop: @escaping @Sendable () -> Void) -> Never {
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                stop()
                exit(0)
            }
            source.resume()
            return source
        }
        withExtendedLifetime(sources) { dispatchMain() }
    }
}
