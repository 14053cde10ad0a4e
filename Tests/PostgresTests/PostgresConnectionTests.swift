import Foundation
import Postgres
import TestSupport
import Testing

@Suite("PostgreSQL connection")
struct PostgresConnectionTests {
    @Test("connects by URL over TCP and answers a query")
    func connectsOverTCP() async throws {
        let connection = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        let rows = try await connection.query("SELECT 1 + 1 AS two")
        #expect(try rows.first?.decode("two", as: Int.self) == 2)
    }

    @Test("connects over the unix socket named by the host= parameter")
    func connectsOverUnixSocket() async throws {
        let url = try TestEnvironment.databaseSocketURL()
        #expect(url.contains("host=/"))
        let connection = try await PostgresConnection(url: url)
        let rows = try await connection.query("SELECT inet_server_addr() IS NULL AS over_socket")
        #expect(try rows.first?.decode("over_socket", as: Bool.self) == true)
    }

    @Test("a failed connection names the problem and never the password")
    func failedConnectionHidesPassword() async throws {
        let good = try TestEnvironment.databaseURL()
        let password = "wrong-Secret-\(Int.random(in: 1000...9999))"
        var components = try #require(URLComponents(string: good))
        components.password = password
        let bad = try #require(components.string)
        await #expect {
            _ = try await PostgresConnection(url: bad)
        } throws: { error in
            let text = "\(error)"
            return text.contains("connection failed") && text.contains("password authentication failed")
                && !text.contains(password)
        }
    }

    @Test("an unreachable server is a connection error")
    func unreachableServer() async throws {
        await #expect(throws: PostgresError.self) {
            _ = try await PostgresConnection(url: "postgres://nobody:pw@127.0.0.1:1/none?connect_timeout=2")
        }
    }

    @Test("bound parameters carry Japanese text, NULLs and numbers unchanged")
    func boundParameters() async throws {
        let connection = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        let text = "今日は東京で寿司を食べた 🍣 'quoted' \"double\" $1 \\ ; DROP TABLE x"
        let missing: String? = nil
        let rows = try await connection.query(
            "SELECT \(text)::text AS text, \(missing)::text AS missing, \(42)::int AS answer, \(2.5)::float8 AS half"
        )
        let row = try #require(rows.first)
        #expect(try row.decode("text", as: String.self) == text)
        #expect(row["missing"] == nil)
        #expect(try row.decode("answer", as: Int.self) == 42)
        #expect(try row.decode("half", as: Double.self) == 2.5)
    }

    @Test("dates round-trip through timestamptz to the microsecond")
    func datesRoundTrip() async throws {
        let connection = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        let date = Date(timeIntervalSince1970: 1_700_000_123.456789)
        let rows = try await connection.query("SELECT \(date)::timestamptz AS at")
        let back = try #require(rows.first).decode("at", as: Date.self)
        #expect(abs(back.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.000_002)
    }

    @Test("a query error carries the SQLSTATE and the server's message")
    func queryErrorCarriesState() async throws {
        let connection = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        await #expect {
            try await connection.query("SELECT * FROM no_such_table_here")
        } throws: { error in
            guard let error = error as? PostgresError else { return false }
            return error.sqlState == "42P01" && error.message.contains("no_such_table_here")
        }
        // The connection is still usable afterwards.
        #expect(try await connection.query("SELECT 1 AS one").count == 1)
    }

    @Test("a transaction that throws is rolled back")
    func transactionRollsBack() async throws {
        try await TestDatabase.with { database in
            let connection = try await database.connect()
            try await connection.query("CREATE TABLE items (name text PRIMARY KEY)")
            struct Boom: Error {}
            await #expect(throws: Boom.self) {
                try await connection.transaction { tx in
                    try tx.query("INSERT INTO items VALUES (\("one"))")
                    throw Boom()
                }
            }
            let committed = try await connection.transaction { tx in
                try tx.query("INSERT INTO items VALUES (\("two"))")
                return try tx.query("SELECT count(*) AS n FROM items").first?.decode("n", as: Int.self)
            }
            #expect(committed == 1)
            let names = try await connection.query("SELECT name FROM items").compactMap { $0["name"] }
            #expect(names == ["two"])
        }
    }

    @Test("a connection lost inside a transaction fails it: nothing of it is committed, and the next query reconnects")
    func lostInsideTransaction() async throws {
        try await TestDatabase.with { database in
            let connection = try await database.connect()
            try await connection.query("CREATE TABLE items (name text)")
            await #expect(throws: PostgresError.self) {
                try await connection.transaction { tx in
                    try tx.query("INSERT INTO items VALUES ('a')")
                    _ = try? tx.query("SELECT pg_terminate_backend(pg_backend_pid())")
                    // Must not reconnect and insert outside the transaction.
                    try tx.query("INSERT INTO items VALUES ('b')")
                }
            }
            let count = try await connection.query("SELECT count(*) AS n FROM items").first?.decode("n", as: Int.self)
            #expect(count == 0)
        }
    }

    @Test("a unique violation is recognisable")
    func uniqueViolation() async throws {
        try await TestDatabase.with { database in
            let connection = try await database.connect()
            try await connection.query("CREATE TABLE items (name text PRIMARY KEY)")
            try await connection.query("INSERT INTO items VALUES (\("a"))")
            await #expect {
                try await connection.query("INSERT INTO items VALUES (\("a"))")
            } throws: { error in
                (error as? PostgresError)?.isUniqueViolation == true
            }
        }
    }

    @Test("a connection killed by the server is re-established on the next query")
    func reconnectsAfterKill() async throws {
        let connection = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        let pid = try #require(try await connection.query("SELECT pg_backend_pid() AS pid").first).decode("pid", as: Int.self)
        let admin = try await PostgresConnection(url: try TestEnvironment.databaseURL())
        try await admin.query("SELECT pg_terminate_backend(\(pid))")
        // The first query may see the broken connection; the one after must work.
        _ = try? await connection.query("SELECT 1")
        let newPID = try #require(try await connection.query("SELECT pg_backend_pid() AS pid").first).decode("pid", as: Int.self)
        #expect(newPID != pid)
    }
}
