/// One result row, copied out of libpq's memory as text values.
public struct PostgresRow: Sendable {
    public let columns: [String]
    public let values: [String?]

    /// The raw text of column `index`, nil for SQL NULL.
    public subscript(index: Int) -> String? {
        index < values.count ? values[index] : nil
    }

    /// The raw text of the named column, nil for SQL NULL or an unknown name.
    public subscript(name: String) -> String? {
        guard let index = columns.firstIndex(of: name) else { return nil }
        return values[index]
    }

    /// Decodes a non-NULL column; throws on NULL or a malformed value.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let text = self[column] else {
            throw PostgresError(kind: .decoding, message: "column \"\(column)\" is NULL or missing")
        }
        guard let value = T(postgresText: text) else {
            throw PostgresError(kind: .decoding, message: "column \"\(column)\" is not a \(T.self)")
        }
        return value
    }

    /// Decodes a column that may be NULL.
    public func decodeIfPresent<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T? {
        guard let text = self[column] else { return nil }
        guard let value = T(postgresText: text) else {
            throw PostgresError(kind: .decoding, message: "column \"\(column)\" is not a \(T.self)")
        }
        return value
    }
}
