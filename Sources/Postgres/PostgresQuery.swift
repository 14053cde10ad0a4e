/// A SQL statement with bound parameters.
///
/// Built by string interpolation: every `\(value)` becomes `$n` in the text
/// and a bound parameter, so values never become SQL.
///
///     let q: PostgresQuery = "SELECT text FROM posts WHERE id = \(id)"
///
/// Raw SQL (migrations, identifiers) needs the explicit `init(unsafeSQL:)`.
public struct PostgresQuery: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var sql: String
    public var binds: [String?]

    public init(unsafeSQL sql: String, binds: [String?] = []) {
        self.sql = sql
        self.binds = binds
    }

    public init(stringLiteral value: String) {
        self.init(unsafeSQL: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(unsafeSQL: stringInterpolation.sql, binds: stringInterpolation.binds)
    }

    /// The SQL text only; bound values are never printed.
    public var description: String { sql }

    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds: [String?] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount * 3)
        }

        public mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        public mutating func appendInterpolation(_ value: some PostgresEncodable) {
            binds.append(value.postgresText)
            sql += "$\(binds.count)"
        }

        public mutating func appendInterpolation(_ value: (some PostgresEncodable)?) {
            binds.append(value?.postgresText)
            sql += "$\(binds.count)"
        }

        /// Splices another query in, renumbering its parameters ($n becomes $(n + offset)) in one pass.
        public mutating func appendInterpolation(fragment: PostgresQuery) {
            let offset = binds.count
            var text = ""
            var characters = fragment.sql[...]
            while let dollar = characters.firstIndex(of: "$") {
                text += characters[..<dollar]
                let digits = characters[characters.index(after: dollar)...].prefix { $0.isASCII && $0.isNumber }
                if let number = Int(digits) {
                    text += "$\(number + offset)"
                } else {
                    text += "$"
                }
                characters = characters[characters.index(dollar, offsetBy: 1 + digits.count)...]
            }
            text += characters
            binds.append(contentsOf: fragment.binds)
            sql += text
        }
    }
}
