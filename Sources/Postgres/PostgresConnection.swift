import CLibPQ
import Foundation
import QueueExecutor

/// Owns one libpq connection and frees it with the owner.
private final class ConnectionHandle {
    let raw: OpaquePointer
    /// Inside `transaction`: when this connection is lost, the transaction fails; the
    /// connection is not replaced until it ends, so nothing runs outside it.
    var inTransaction = false
    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { PQfinish(raw) }
}

/// One PostgreSQL connection, used from any task.
///
/// libpq blocks, so the actor runs on its own serial queue and never on the
/// cooperative pool. A connection that was lost is re-established on the next
/// query. Sessions run in UTC with UTF-8 text.
public actor PostgresConnection {
    private let executor = QueueExecutor(label: "mirror-bot.postgres")
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    private let url: String
    /// The schema every statement sees first (`search_path`), set again on each reconnect.
    private let schema: String?
    private var handle: ConnectionHandle?
    /// The schema this session's `search_path` names now: a pool's connection serves many.
    private var searchPath: String?
    /// Settings made on each new session (a pool's timeouts).
    private var sessionSettings: String?
    /// A pool's connection: how many schemas one server session may serve before it is opened
    /// anew. A server process caches the catalogs of every schema it has seen (about 630 KB a
    /// bot's schema) and never lets them go; a new session starts empty.
    private let schemasPerSession: Int?
    /// The schemas this session has served (a pool's connection).
    private var schemasServed = Set<String>()
    /// Holders of something that lives in this session (a session-level advisory lock): while
    /// any is held, the session is never opened anew.
    private var holders = 0
    /// How many times this connection opened a new session to let go of the schemas it had served.
    public private(set) var renewals = 0

    /// Connects at once; throws `PostgresError` (without the password) when it cannot.
    /// With `schema`, `search_path` is that schema on this connection and after every
    /// reconnect (quoted by the server, never spliced).
    public init(url: String, schema: String? = nil) async throws {
        self.url = url
        self.schema = schema
        self.schemasPerSession = nil
        try reconnect()
    }

    /// A connection that connects on its first statement (a pool's, which serves many schemas).
    /// Its statements give up waiting for a lock after `lockTimeoutSeconds` and run at most
    /// `statementTimeoutSeconds`, so one schema's locked table (a migration, an import) never
    /// holds the other schemas' statements queued behind it. A session that has served
    /// `schemasPerSession` schemas is closed before it serves another, when nothing is held in it.
    init(lazyURL url: String, lockTimeoutSeconds: Int, statementTimeoutSeconds: Int, schemasPerSession: Int) {
        self.url = url
        self.schema = nil
        self.schemasPerSession = max(1, schemasPerSession)
        self.sessionSettings = "SET lock_timeout = '\(lockTimeoutSeconds)s'; SET statement_timeout = '\(statementTimeoutSeconds)s'"
    }

    /// Runs one statement with bound parameters and returns every row.
    @discardableResult
    public func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        let connection = try liveConnection()
        let result = withCStrings(query.binds) { values in
            PQexecParams(connection, query.sql, Int32(values.count), nil, values, nil, nil, 0)
        }
        return try consume(result, connection: connection, sql: query.sql)
    }

    /// Runs raw SQL that may hold several statements (migrations). No parameters.
    public func execute(unsafeSQL sql: String) throws {
        let connection = try liveConnection()
        _ = try consume(PQexec(connection, sql), connection: connection, sql: "(script)")
    }

    /// Runs `body` inside BEGIN/COMMIT; any thrown error rolls back and is rethrown.
    public func transaction<T: Sendable>(
        _ body: @Sendable (isolated PostgresConnection) throws -> T
    ) throws -> T {
        try query("BEGIN")
        let owner = handle
        owner?.inTransaction = true
        defer { owner?.inTransaction = false }
        do {
            let value = try body(self)
            try query("COMMIT")
            return value
        } catch {
            if let handle, PQstatus(handle.raw) == CONNECTION_OK {
                _ = try? query("ROLLBACK")
            }
            throw error
        }
    }

    /// `query(_:)` with `search_path` set to `schema` first, when this session names another:
    /// both sent at once (libpq's pipeline mode), one round trip where there would be two.
    func query(_ query: PostgresQuery, in schema: String) throws -> [PostgresRow] {
        let connection = try session(for: schema)
        guard searchPath != schema else { return try self.query(query) }
        return try self.query(query, after: schema, on: connection)
    }

    /// `execute(unsafeSQL:)` in `schema`.
    func execute(unsafeSQL sql: String, in schema: String) throws {
        try enter(schema)
        try execute(unsafeSQL: sql)
    }

    /// `transaction(_:)` in `schema`.
    func transaction<T: Sendable>(in schema: String, _ body: @Sendable (isolated PostgresConnection) throws -> T) throws -> T {
        try enter(schema)
        return try transaction(body)
    }

    /// Sets `search_path` to `schema` unless it is that already (quoted by the server, never spliced).
    private func enter(_ schema: String) throws {
        let connection = try session(for: schema)
        guard searchPath != schema else { return }
        try setSearchPath(schema, on: connection)
        searchPath = schema
    }

    /// The live session for a statement of `schema`: a new one when this one has served its share
    /// of schemas (`schemasPerSession`) and nothing is held in it.
    private func session(for schema: String) throws -> OpaquePointer {
        if let schemasPerSession, holders == 0, handle != nil, schemasServed.count >= schemasPerSession, !schemasServed.contains(schema) {
            close()
            renewals += 1
        }
        let connection = try liveConnection()
        schemasServed.insert(schema)
        return connection
    }

    private static let setSearchPathSQL = "SELECT pg_catalog.set_config('search_path', pg_catalog.quote_ident($1), false)"

    private func setSearchPath(_ schema: String, on raw: OpaquePointer) throws {
        let result = withCStrings([schema]) { values in PQexecParams(raw, Self.setSearchPathSQL, 1, nil, values, nil, nil, 0) }
        _ = try consume(result, connection: raw, sql: Self.setSearchPathSQL)
    }

    /// Sets `search_path` to `schema` and runs `query`, sent together in one pipeline. The two
    /// share the pipeline's implicit transaction, so a failing statement undoes the setting too:
    /// until one succeeds the session's path is not known here, and the next statement sets it.
    /// A pipeline left in a state it cannot leave closes the connection (the next query reconnects).
    private func query(_ query: PostgresQuery, after schema: String, on raw: OpaquePointer) throws -> [PostgresRow] {
        searchPath = nil
        let owner = handle  // kept until the results are read, should the pipeline close the connection
        defer { withExtendedLifetime(owner) {} }
        guard PQenterPipelineMode(raw) == 1 else {
            throw PostgresError(kind: .connection, message: redact(errorMessage(raw)), query: query.sql)
        }
        let sent = withCStrings([schema]) { PQsendQueryParams(raw, Self.setSearchPathSQL, 1, nil, $0, nil, nil, 0) } == 1
            && withCStrings(query.binds) { PQsendQueryParams(raw, query.sql, Int32($0.count), nil, $0, nil, nil, 0) } == 1
            && PQpipelineSync(raw) == 1
        // The first result of each statement (each ends with a null), up to the pipeline's end.
        var results: [OpaquePointer] = []
        var current: OpaquePointer?
        var ends = 0
        while sent {
            guard let result = PQgetResult(raw) else {
                if let finished = current { results.append(finished) }
                current = nil
                ends += 1
                if ends > 2 || PQstatus(raw) != CONNECTION_OK { break }
                continue
            }
            if PQresultStatus(result) == PGRES_PIPELINE_SYNC {
                PQclear(result)
                break
            }
            if current == nil { current = result } else { PQclear(result) }
        }
        if let unfinished = current { results.append(unfinished) }
        let message = redact(errorMessage(raw))
        if PQexitPipelineMode(raw) != 1 { close() }
        guard results.count == 2 else {
            results.forEach { PQclear($0) }
            throw PostgresError(kind: .connection, message: message, query: query.sql)
        }
        do {
            _ = try consume(results[0], connection: raw, sql: Self.setSearchPathSQL)
        } catch {
            PQclear(results[1])
            throw error
        }
        let rows = try consume(results[1], connection: raw, sql: query.sql)
        searchPath = schema
        return rows
    }

    /// Closes the connection; the next query reconnects.
    public func close() {
        handle = nil
        searchPath = nil
        schemasServed = []
    }

    /// Marks something held in this session (a session-level advisory lock) until `release()`:
    /// the session is not opened anew meanwhile to let go of schemas.
    func hold() { holders += 1 }

    /// Ends one `hold()`.
    func release() { holders = max(0, holders - 1) }

    // MARK: - libpq

    private func liveConnection() throws -> OpaquePointer {
        if let handle, PQstatus(handle.raw) == CONNECTION_OK {
            return handle.raw
        }
        if let handle, handle.inTransaction {
            throw PostgresError(kind: .connection, message: "the connection was lost inside a transaction; it was rolled back")
        }
        try reconnect()
        guard let handle else {
            throw PostgresError(kind: .connection, message: "no connection")
        }
        return handle.raw
    }

    private func reconnect() throws {
        handle = nil
        searchPath = nil
        schemasServed = []
        // Defaults first, so values in the URL override them: give up connecting after 10 s,
        // and notice a dead server mid-query within about a minute (TCP keepalives and
        // tcp_user_timeout; unix sockets ignore them).
        let keywords = ["connect_timeout", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
                        "tcp_user_timeout", "dbname"]
        let values = ["10", "1", "30", "10", "3", "60000", url]
        let raw = withCStrings(keywords) { keys in
            withCStrings(values) { vals in
                PQconnectdbParams(keys + [nil], vals + [nil], 1)
            }
        }
        guard let raw else {
            throw PostgresError(kind: .connection, message: "out of memory")
        }
        let candidate = ConnectionHandle(raw)
        guard PQstatus(raw) == CONNECTION_OK else {
            throw PostgresError(kind: .connection, message: redact(errorMessage(raw)))
        }
        PQsetClientEncoding(raw, "UTF8")
        PQclear(PQexec(raw, "SET TIME ZONE 'UTC'; SET client_min_messages TO warning"))
        if let sessionSettings { PQclear(PQexec(raw, sessionSettings)) }
        if let schema { try setSearchPath(schema, on: raw) }
        searchPath = schema
        handle = candidate
    }

    private func consume(_ result: OpaquePointer?, connection: OpaquePointer, sql: String) throws -> [PostgresRow] {
        guard let result else {
            throw PostgresError(kind: .connection, message: redact(errorMessage(connection)), query: sql)
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return []
        case PGRES_TUPLES_OK:
            return rows(of: result)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            let message = primary ?? errorMessage(connection)
            let lost = PQstatus(connection) != CONNECTION_OK
            throw PostgresError(
                kind: lost ? .connection : .query, sqlState: state, message: redact(message), query: sql
            )
        }
    }

    private func rows(of result: OpaquePointer) -> [PostgresRow] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        let columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            let values: [String?] = (0..<columnCount).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
            rows.append(PostgresRow(columns: columns, values: values))
        }
        return rows
    }

    private func errorMessage(_ connection: OpaquePointer) -> String {
        guard let text = PQerrorMessage(connection) else { return "unknown error" }
        let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        // libpq's messages span lines ("connection to server ... failed: FATAL: ..."); keep one.
        return message.split(separator: "\n").map(String.init).joined(separator: " ")
    }

    /// Removes the URL's password from a message, in both raw and percent-encoded form.
    private func redact(_ message: String) -> String {
        guard let components = URLComponents(string: url) else { return message }
        var redacted = message
        let queryPasswords = (components.queryItems ?? []).filter { $0.name == "password" }.map(\.value)
        for secret in ([components.password, components.percentEncodedPassword] + queryPasswords).compactMap({ $0 }) where !secret.isEmpty {
            redacted = redacted.replacingOccurrences(of: secret, with: "***")
        }
        return redacted
    }
}

/// Calls `body` with NUL-terminated copies of `strings` (nil entries stay nil), freed afterwards.
private func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}
