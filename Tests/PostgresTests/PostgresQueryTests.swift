import Postgres
import Testing

@Suite("PostgresQuery interpolation")
struct PostgresQueryTests {
    @Test("every interpolated value becomes a numbered parameter")
    func numbersParameters() {
        let name = "O'Brien"
        let limit = 10
        let query: PostgresQuery = "SELECT * FROM t WHERE name = \(name) LIMIT \(limit)"
        #expect(query.sql == "SELECT * FROM t WHERE name = $1 LIMIT $2")
        #expect(query.binds == ["O'Brien", "10"])
    }

    @Test("nil becomes SQL NULL")
    func nilIsNull() {
        let missing: Int? = nil
        let query: PostgresQuery = "SELECT \(missing)"
        #expect(query.binds == [nil])
    }

    @Test("a spliced fragment is renumbered after the values before it")
    func fragmentsRenumber() {
        let fragment: PostgresQuery = "a = \(1) AND b = \(2)"
        let query: PostgresQuery = "SELECT \(0) WHERE \(fragment: fragment)"
        #expect(query.sql == "SELECT $1 WHERE a = $2 AND b = $3")
        #expect(query.binds == ["0", "1", "2"])
    }

    @Test("the description shows SQL, never values")
    func descriptionHidesValues() {
        let secret = "hunter2"
        let query: PostgresQuery = "SELECT \(secret)"
        #expect(!"\(query)".contains(secret))
    }
}

@Suite("PostgresQuery fragments after many parameters")
struct PostgresQueryFragmentTests {
    @Test("a fragment after nine parameters keeps $1 and $11 apart")
    func manyParameters() {
        let fragment: PostgresQuery = "x BETWEEN \(1) AND \(2)"
        let query: PostgresQuery = "SELECT \(0), \(0), \(0), \(0), \(0), \(0), \(0), \(0), \(0) WHERE \(fragment: fragment)"
        #expect(query.sql.hasSuffix("WHERE x BETWEEN $10 AND $11"))
        #expect(query.binds.count == 11)
    }
}
