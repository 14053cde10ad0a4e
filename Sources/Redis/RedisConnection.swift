import CHiredis
import Foundation
import QueueExecutor

/// Owns one hiredis context and frees it with the owner.
private final class ContextHandle {
    let raw: UnsafeMutablePointer<redisContext>
    init(_ raw: UnsafeMutablePointer<redisContext>) { self.raw = raw }
    deinit { redisFree(raw) }
}

/// One Redis connection, used from any task.
///
/// hiredis blocks, so the actor runs on its own serial queue, never on the
/// cooperative pool. Commands go only as argument vectors (binary safe, no
/// format strings). After an I/O error (server gone, timeout) the context is
/// dropped and the next call reconnects; the failed call is not retried, since
/// the server may already have run it.
public actor RedisConnection {
    private let executor = QueueExecutor(label: "mirror-bot.redis")
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    public nonisolated let configuration: RedisConfiguration
    private let connectTimeout: Duration
    private let commandTimeout: Duration
    private var handle: ContextHandle?

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
        let context = try liveContext()
        let reply = withArgv(args) { count, argv, lengths in
            redisCommandArgv(context, count, argv, lengths)
        }
        return try take(reply, context: context)
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
        let context = try liveContext()
        for command in commands {
            let status = withArgv(command) { count, argv, lengths in
                redisAppendCommandArgv(context, count, argv, lengths)
            }
            guard status == REDIS_OK else { throw ioFailure(context) }
        }
        var replies: [RedisValue] = []
        replies.reserveCapacity(commands.count)
        for _ in commands {
            var reply: UnsafeMutableRawPointer?
            guard redisGetReply(context, &reply) == REDIS_OK else { throw ioFailure(context) }
            replies.append(try take(reply, context: context))
        }
        return replies
    }

    /// Closes the connection; the next call reconnects.
    public func close() {
        handle = nil
    }

    // MARK: - hiredis

    private func liveContext() throws -> UnsafeMutablePointer<redisContext> {
        if let handle, handle.raw.pointee.err == 0 {
            return handle.raw
        }
        try reconnect()
        guard let handle else {
            throw RedisError(kind: .connection, message: "no connection")
        }
        return handle.raw
    }

    private func reconnect() throws {
        handle = nil
        guard let raw = redisConnectWithTimeout(configuration.host, Int32(configuration.port), timeval(connectTimeout)) else {
            throw RedisError(kind: .connection, message: "out of memory")
        }
        let candidate = ContextHandle(raw)
        guard raw.pointee.err == 0 else {
            throw RedisError(kind: .connection, message: "\(configuration.host):\(configuration.port): \(errorText(raw.pointee.errstr))")
        }
        guard redisSetTimeout(raw, timeval(commandTimeout)) == REDIS_OK else {
            throw RedisError(kind: .connection, message: "could not set the command timeout: \(errorText(raw.pointee.errstr))")
        }
        handle = candidate
        do {
            try authenticate()
            if configuration.database != 0 {
                let reply = try send(["SELECT", String(configuration.database)])
                if case .error(let message) = reply {
                    throw RedisError(kind: .authentication, message: "SELECT \(configuration.database) refused: \(redact(message))")
                }
            }
        } catch {
            handle = nil
            throw error
        }
    }

    /// AUTH with the URL's user and password. A user name that the server
    /// refuses (Redis before 6, or hosts such as Redis To Go that put a
    /// placeholder user in the URL) falls back to the password alone.
    private func authenticate() throws {
        guard let password = configuration.password else { return }
        if let user = configuration.user, case .status = try send(["AUTH", user, password]) {
            return
        }
        let reply = try send(["AUTH", password])
        if case .error(let message) = reply {
            throw RedisError(kind: .authentication, message: redact(message))
        }
    }

    /// Copies and frees one reply; a nil reply means the context failed.
    private func take(_ reply: UnsafeMutableRawPointer?, context: UnsafeMutablePointer<redisContext>) throws -> RedisValue {
        guard let reply else { throw ioFailure(context) }
        defer { freeReplyObject(reply) }
        let value = RedisValue(reply: reply.assumingMemoryBound(to: redisReply.self))
        if case .error(let message) = value { return .error(redact(message)) }
        return value
    }

    /// The context's error as a `RedisError`; the context is dropped so the next call reconnects.
    private func ioFailure(_ context: UnsafeMutablePointer<redisContext>) -> RedisError {
        let code = context.pointee.err
        let text = code == 0 ? "no reply" : errorText(context.pointee.errstr)
        handle = nil
        let kind: RedisError.Kind = code == REDIS_ERR_PROTOCOL ? .protocolError : .io
        return RedisError(kind: kind, message: "\(configuration.host):\(configuration.port): \(redact(text))")
    }

    /// Servers do not echo passwords, but make sure no message ever carries one.
    private func redact(_ message: String) -> String {
        guard let password = configuration.password, !password.isEmpty else { return message }
        return message.replacingOccurrences(of: password, with: "***")
    }

    /// hiredis 0.14 writes with write(2): a peer that closed the socket would raise SIGPIPE.
    private static let ignoreSIGPIPE: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}
