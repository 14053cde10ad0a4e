import Foundation
import QueueExecutor

/// One Redis connection, used from any task, over plain TCP or TLS (`rediss://`).
///
/// The socket calls block (with timeouts), so the actor runs on its own serial
/// queue, never on the cooperative pool. Commands go only as argument vectors
/// (binary safe, no format strings), through one `RedisSession` whatever the
/// transport. Connecting makes the TCP connection (and the TLS handshake),
/// then AUTH and SELECT, or a PING when there is neither, so a server that
/// does not speak RESP (a TLS port reached by `redis://`) is found at once;
/// each step waits at most `connectTimeout`. Each command waits at most
/// `commandTimeout` for the socket to move. After an I/O error (server gone,
/// timeout) the connection is dropped and the next call reconnects; the
/// failed call is not retried, since the server may already have run it.
public actor RedisConnection {
    private let executor = QueueExecutor(label: "mirror-bot.redis")
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    public nonisolated let configuration: RedisConfiguration
    private let connectTimeout: Duration
    private let commandTimeout: Duration
    private var session: RedisSession?

    /// Parses `url` and connects at once (AUTH, then SELECT); throws `RedisError`.
    public init(url: String, connectTimeout: Duration = .seconds(5), commandTimeout: Duration = .seconds(10)) async throws {
        try await self.init(configuration: RedisConfiguration(url: url), connectTimeout: connectTimeout, commandTimeout: commandTimeout)
    }

    public init(configuration: RedisConfiguration, connectTimeout: Duration = .seconds(5), commandTimeout: Duration = .seconds(10)) async throws {
        Self.ignoreSIGPIPE
        self.configuration = configuration
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        try reconnect()
    }

    /// How the current connection reaches the server (plain TCP, or TLS and whether the certificate was verified);
    /// nil while disconnected.
    public var security: RedisTransportSecurity? {
        session?.transport.security
    }

    /// Sends one command and waits for its reply. Error replies come back as `.error`.
    @discardableResult
    public func send(_ args: [String]) throws -> RedisValue {
        try send(bytes: args.map { Array($0.utf8) })
    }

    /// Sends one command given as raw byte strings.
    @discardableResult
    public func send(bytes args: [[UInt8]]) throws -> RedisValue {
        guard !args.isEmpty else {
            throw RedisError(kind: .unexpectedReply, message: "empty command")
        }
        guard let reply = try exchange([args]).first else {
            throw RedisError(kind: .unexpectedReply, message: "no reply")
        }
        return reply
    }

    /// Sends every command, then reads every reply: one round trip. Replies are in order.
    public func pipeline(_ commands: [[String]]) throws -> [RedisValue] {
        try pipeline(bytes: commands.map { $0.map { Array($0.utf8) } })
    }

    /// `pipeline(_:)` with raw byte strings.
    public func pipeline(bytes commands: [[[UInt8]]]) throws -> [RedisValue] {
        guard !commands.isEmpty else { return [] }
        guard !commands.contains(where: \.isEmpty) else {
            throw RedisError(kind: .unexpectedReply, message: "empty command in pipeline")
        }
        return try exchange(commands)
    }

    /// Closes the connection (with TLS close_notify); the next call reconnects.
    public func close() {
        session = nil
    }

    // MARK: - The session

    /// One round trip on the live session (connecting first if there is none).
    private func exchange(_ commands: [[[UInt8]]]) throws -> [RedisValue] {
        let live = try session ?? reconnect()
        do {
            return try live.roundTrip(commands, timeout: commandTimeout).map(redacted)
        } catch let error as RedisError {
            // Bytes may be left half sent or half read: this stream is out of step for good.
            session = nil
            throw RedisError(kind: error.kind, message: redact(error.message))
        }
    }

    @discardableResult
    private func reconnect() throws -> RedisSession {
        session = nil
        let socket = try TCPSocket.connect(host: configuration.host, port: configuration.port, timeout: connectTimeout)
        let transport: any RedisTransport
        if let tls = configuration.tls {
            transport = try TLSTransport(socket: socket, host: configuration.host, tls: tls, timeout: connectTimeout)
        } else {
            transport = PlainTransport(socket: socket)
        }
        let candidate = try RedisSession(transport: transport)
        do {
            try setUp(candidate)
        } catch let error as RedisError where error.kind == .io {
            // The server hung up or stayed silent before its first reply: say what that usually means.
            let hint = configuration.tls == nil ? " (if this port speaks TLS, use rediss://)" : ""
            throw RedisError(kind: .connection, message: redact(error.message) + ", before any reply" + hint)
        }
        session = candidate
        return candidate
    }

    /// AUTH with the URL's user and password, then SELECT; a PING when there is neither.
    /// A user name that the server refuses (Redis before 6, or hosts such as Redis To Go
    /// that put a placeholder user in the URL) falls back to the password alone.
    private func setUp(_ session: RedisSession) throws {
        func call(_ args: [String]) throws -> RedisValue {
            let replies = try session.roundTrip([args.map { Array($0.utf8) }], timeout: connectTimeout)
            return replies.first.map(redacted) ?? .null
        }
        if let password = configuration.password {
            var accepted = false
            if let user = configuration.user, case .status = try call(["AUTH", user, password]) {
                accepted = true
            }
            if !accepted, case .error(let message) = try call(["AUTH", password]) {
                throw RedisError(kind: .authentication, message: message)
            }
        }
        if configuration.database != 0 {
            if case .error(let message) = try call(["SELECT", String(configuration.database)]) {
                throw RedisError(kind: .authentication, message: "SELECT \(configuration.database) refused: \(message)")
            }
        } else if configuration.password == nil {
            _ = try call(["PING"])
        }
    }

    private func redacted(_ value: RedisValue) -> RedisValue {
        if case .error(let message) = value { return .error(redact(message)) }
        return value
    }

    /// Servers do not echo passwords, but make sure no message ever carries one.
    private func redact(_ message: String) -> String {
        guard let password = configuration.password, !password.isEmpty else { return message }
        return message.replacingOccurrences(of: password, with: "***")
    }

    /// OpenSSL writes TLS records with write(2) on our socket: a peer that closed it would raise SIGPIPE.
    /// (Plain TCP writes use MSG_NOSIGNAL.)
    private static let ignoreSIGPIPE: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}
