import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `mirror-bot` at a real pseudo-terminal (openpty), as a person uses it: what the
/// program prints is read from the terminal's screen, and each answer is typed back as keys,
/// echoed by the terminal unless the program turned echo off.
public enum PseudoTerminal {
    /// Ctrl-D at the start of a line: the program reads the end of its input.
    public static let endOfInput = "\u{04}"

    public struct Session: Sendable {
        /// Everything the terminal showed (the program's stdout and stderr, and the echo of what was typed).
        public var shown: String
        public var status: Int32

        /// The lines shown that begin with `Error:`.
        public var errorLines: [String] { lines.filter { $0.hasPrefix("Error:") } }
        public var lines: [String] { shown.split(whereSeparator: \.isNewline).map(String.init) }
    }

    public struct Stalled: Error, CustomStringConvertible {
        public var shown: String
        public var description: String { "the terminal showed nothing new for a while; it showed:\n\(shown)" }
    }

    /// Runs `mirror-bot ARGUMENTS` in `directory` with `environment` (plus PATH) at a new
    /// pseudo-terminal, until the program exits. Each time the terminal shows more, `answer` sees
    /// what it showed since the last line typed and returns the next line to type (without its
    /// newline; `endOfInput` for Ctrl-D) or nil to wait for more. Fails, ending the program, when
    /// the terminal shows nothing new for `patience` seconds.
    public static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], patience: Int32 = 60,
        answer: @escaping @Sendable (String) async -> String?
    ) async throws -> Session {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw PseudoTerminalError("openpty failed: errno \(errno)") }
        defer { close(master) }
        let process = Process()
        process.executableURL = BinaryRunner.productsDirectory.appendingPathComponent("mirror-bot")
        process.arguments = arguments
        var env = environment
        env["PATH"] = env["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        do {
            try process.run()
        } catch {
            close(slave)
            throw error
        }
        close(slave)
        var screen: [UInt8] = []
        var typedAt = 0
        do {
            let fd = master
            // The master's read ends (EIO) once the program has exited and closed the terminal.
            while let chunk = try await onOwnThread({ try Self.read(fd, patience: patience) }) {
                screen += chunk
                guard let line = await answer(String(decoding: screen[typedAt...], as: UTF8.self)) else { continue }
                typedAt = screen.count
                let keys = Array((line == endOfInput ? line : line + "\n").utf8)
                _ = keys.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
        } catch let stalled as Stalled {
            process.terminate()
            process.waitUntilExit()
            throw Stalled(shown: String(decoding: screen, as: UTF8.self) + stalled.shown)
        }
        process.waitUntilExit()
        return Session(shown: String(decoding: screen, as: UTF8.self), status: process.terminationStatus)
    }

    /// The next bytes the terminal shows; nil once the program has closed it.
    private static func read(_ fd: Int32, patience: Int32) throws -> [UInt8]? {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var polled = poll(&ready, 1, patience * 1000)
        while polled < 0, errno == EINTR { polled = poll(&ready, 1, patience * 1000) }
        if polled == 0 { throw Stalled(shown: "") }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(fd, &buffer, buffer.count)
        return count > 0 ? Array(buffer[..<count]) : nil
    }
}

public struct PseudoTerminalError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
