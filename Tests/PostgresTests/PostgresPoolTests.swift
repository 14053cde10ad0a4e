import Foundation
import Postgres
import TestSupport
import Testing

@Suite("PostgreSQL pool shared by many schemas")
struct PostgresPoolTests {
    /// `count` fresh schemas, each with a table `t (n int)`, dropped by the returned closure.
    private func schemas(_ count: Int) async throws -> (names: [String], admin: PostgresConnection) {
        let admin = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        let stem = "pool_test_\(UInt32.random(in: 0...UInt32.max))"
        let names = (0..<count).map { "\(stem)_\($0)" }
        for name in names {
            try await admin.execute(unsafeSQL: "CREATE SCHEMA \(name); CREATE TABLE \(name).t (n int, pid int)")
        }
        return (names, admin)
    }

    private func drop(_ names: [String], _ admin: PostgresConnection) async {
        for name in names { _ = try? await admin.execute(unsafeSQL: "DROP SCHEMA \(name) CASCADE") }
    }

    @Test("forty schemas writing at once through two connections: each row in its own schema, two server sessions in all")
    func schemasStayApart() async throws {
        let (names, admin) = try await schemas(40)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, name) in names.enumerated() {
                group.addTask {
                    let client = pool.client(schema: name)
                    for round in 0..<5 {
                        try await client.query("INSERT INTO t (n, pid) VALUES (\(index * 100 + round), pg_backend_pid())")
                        // A transaction sees its own schema throughout, whoever runs between.
                        try await client.transaction { tx in
                            let schema = try tx.query("SELECT current_schema() AS s").first?.decode("s", as: String.self)
                            guard schema == name else { throw PostgresError(kind: .query, message: "saw \(schema ?? "none")") }
                            try tx.query("INSERT INTO t (n, pid) VALUES (\(index * 100 + 50 + round), pg_backend_pid())")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        var sessions = Set<Int>()
        for (index, name) in names.enumerated() {
            let rows = try await admin.query(PostgresQuery(unsafeSQL: "SELECT n, pid FROM \(name).t ORDER BY n"))
            let numbers = try rows.map { try $0.decode("n", as: Int.self) }
            #expect(numbers == (0..<5).map { index * 100 + $0 } + (0..<5).map { index * 100 + 50 + $0 })
            for row in rows { sessions.insert(try row.decode("pid", as: Int.self)) }
        }
        #expect(sessions.count <= 2)
        #expect(pool.waiting == [0, 0])
    }

    @Test("at rest each schema's statements go to its home connection: forty schemas over four sessions, each schema on one, all four used")
    func homeConnections() async throws {
        let (names, admin) = try await schemas(40)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 4)
        for round in 0..<3 {
            for (index, name) in names.enumerated() {
                try await pool.client(schema: name).query("INSERT INTO t (n, pid) VALUES (\(index * 100 + round), pg_backend_pid())")
            }
        }
        var sessions = Set<Int>()
        for name in names {
            let pids = Set(try await admin.query(PostgresQuery(unsafeSQL: "SELECT pid FROM \(name).t")).map { try $0.decode("pid", as: Int.self) })
            #expect(pids.count == 1, "\(name) on \(pids.count) sessions")
            sessions.formUnion(pids)
        }
        #expect(sessions.count == 4)
    }

    @Test("a pinned client takes and gives back a session lock on one session, while other schemas go on through the same connection")
    func pinnedSessionLock() async throws {
        let (names, admin) = try await schemas(2)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        let key = Int.random(in: 1...1_000_000_000)
        try await pool.client(schema: names[0]).withPinned { holder in
            #expect(try await holder.query("SELECT pg_try_advisory_lock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == true)
            // The only connection keeps serving another schema while the lock is held.
            try await pool.client(schema: names[1]).query("INSERT INTO t (n) VALUES (1)")
            #expect(try await admin.query("SELECT pg_try_advisory_lock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == false)
            #expect(try await holder.query("SELECT pg_advisory_unlock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == true)
        }
        #expect(try await admin.query("SELECT pg_try_advisory_lock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == true)
        try await admin.query("SELECT pg_advisory_unlock(\(key))")
    }

    @Test("eight schemas each with six slow statements at once through four connections: each schema's rows on at most two server sessions, some on two")
    func twoConnectionsASchema() async throws {
        let (names, admin) = try await schemas(8)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, name) in names.enumerated() {
                for round in 0..<6 {
                    // Slow, so a schema's first connection has more than two waiting and the rest go to its second.
                    group.addTask {
                        try await pool.client(schema: name).query("INSERT INTO t (n, pid) SELECT \(index * 100 + round), pg_backend_pid() FROM pg_sleep(0.1)")
                    }
                }
            }
            try await group.waitForAll()
        }
        var spread = 0
        for name in names {
            let pids = Set(try await admin.query(PostgresQuery(unsafeSQL: "SELECT pid FROM \(name).t")).map { try $0.decode("pid", as: Int.self) })
            #expect(pids.count <= 2, "\(name) on \(pids.count) sessions")
            if pids.count == 2 { spread += 1 }
        }
        #expect(spread > 0, "no statement went to a schema's second connection")
    }

    @Test("a session that has served its share of schemas is opened anew before it serves another, never while a pinned client holds it")
    func sessionsRenewed() async throws {
        let (names, admin) = try await schemas(8)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1, schemasPerSession: 3)
        @Sendable func pid(_ name: String) async throws -> Int? {
            try await pool.client(schema: name).query("SELECT pg_backend_pid() AS pid").first?.decode("pid", as: Int.self)
        }
        var pids: [Int?] = []
        for name in names[0..<3] { pids.append(try await pid(name)) }
        // A schema already served does not count again.
        pids.append(try await pid(names[0]))
        pids.append(try await pid(names[3]))
        #expect(Set(pids[0..<4]).count == 1)
        #expect(pids[4] != pids[0], "the fourth schema was served by the session that had served three")
        #expect(await pool.renewals() == 1)
        let key = Int.random(in: 1...1_000_000_000)
        let current = pids[4]
        try await pool.client(schema: names[4]).withPinned { holder in
            #expect(try await holder.query("SELECT pg_try_advisory_lock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == true)
            // Past the share while the lock is held: the same session serves them all.
            var held: [Int?] = []
            for name in names[5..<8] { held.append(try await pid(name)) }
            #expect(Set(held) == [current])
            #expect(try await admin.query("SELECT pg_try_advisory_lock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == false)
            #expect(try await holder.query("SELECT pg_advisory_unlock(\(key)) AS ok").first?.decode("ok", as: Bool.self) == true)
        }
        #expect(await pool.renewals() == 1)
        // Released, the next schema the session has not served goes to a new one, in its own schema.
        let after = try await pool.client(schema: names[0]).query("SELECT pg_backend_pid() AS pid, current_schema() AS s").first
        #expect(try after?.decode("pid", as: Int.self) != pids[4])
        #expect(try after?.decode("s", as: String.self) == names[0])
        #expect(await pool.renewals() == 2)
    }

    @Test("a schema's table locked elsewhere fails its statement after the lock timeout; another schema's statement queued behind it on the same connection goes through")
    func lockTimeout() async throws {
        let (names, admin) = try await schemas(2)
        defer { Task { await drop(names, admin) } }
        let locker = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        // A migration's lock, held in an open transaction of another session.
        try await locker.execute(unsafeSQL: "BEGIN; LOCK TABLE \(names[0]).t IN ACCESS EXCLUSIVE MODE")
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1, lockTimeoutSeconds: 1)
        let started = ContinuousClock.now
        let blocked = Task { try await pool.client(schema: names[0]).query("SELECT count(*) FROM t") }
        try await Task.sleep(for: .milliseconds(100))
        try await pool.client(schema: names[1]).query("INSERT INTO t (n) VALUES (1)")
        let waited = ContinuousClock.now - started
        await #expect { try await blocked.value } throws: { error in
            (error as? PostgresError)?.sqlState == "55P03"
        }
        #expect(waited < .seconds(5), "the other schema waited \(waited)")
        try await locker.execute(unsafeSQL: "ROLLBACK")
        #expect(try await pool.client(schema: names[0]).query("SELECT count(*) AS n FROM t").first?.decode("n", as: Int.self) == 0)
    }

    @Test("a statement that fails as its connection enters its schema leaves the session's path unknown: the next statements see their own schemas")
    func failedStatementAfterSwitch() async throws {
        let (names, admin) = try await schemas(2)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        let first = pool.client(schema: names[0]), second = pool.client(schema: names[1])
        for _ in 0..<2 {
            try await first.query("INSERT INTO t (n) VALUES (1)")
            // Sent with the switch to the second schema, in one pipeline: its failure undoes the switch on the server.
            await #expect(throws: PostgresError.self) { try await second.query("SELECT * FROM no_such_table") }
            #expect(try await second.query("SELECT current_schema() AS s").first?.decode("s", as: String.self) == names[1])
            #expect(try await first.query("SELECT current_schema() AS s").first?.decode("s", as: String.self) == names[0])
        }
        #expect(try await first.query("SELECT count(*) AS n FROM t").first?.decode("n", as: Int.self) == 2)
        #expect(try await second.query("SELECT count(*) AS n FROM t").first?.decode("n", as: Int.self) == 0)
    }

    @Test("a pool's connection killed by the server is opened again on the next statement")
    func reconnects() async throws {
        let (names, admin) = try await schemas(1)
        defer { Task { await drop(names, admin) } }
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        let client = pool.client(schema: names[0])
        let first = try await client.query("SELECT pg_backend_pid() AS pid").first?.decode("pid", as: Int.self)
        try await admin.query("SELECT pg_terminate_backend(\(first ?? 0))")
        try await Task.sleep(for: .milliseconds(200))
        // The statement that finds the session gone fails; the next one opens a new session, in the schema.
        _ = try? await client.query("SELECT 1")
        let schema = try await client.query("SELECT current_schema() AS s").first?.decode("s", as: String.self)
        #expect(schema == names[0])
    }
}
