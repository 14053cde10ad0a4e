/// One Redis reply, copied out of hiredis's memory into Swift.
public enum RedisValue: Sendable, Hashable {
    /// A bulk string, byte for byte (binary safe).
    case bulk([UInt8])
    case integer(Int64)
    case array([RedisValue])
    /// A nil bulk string or nil array.
    case null
    /// A status reply such as `OK` or `PONG`.
    case status(String)
    /// An error reply such as `ERR unknown command`.
    case error(String)

    /// A bulk string made from UTF-8 text (handy in tests and comparisons).
    public static func string(_ text: String) -> RedisValue { .bulk(Array(text.utf8)) }

    /// The text of a bulk string or status reply (invalid UTF-8 repaired), else nil.
    public var string: String? {
        switch self {
        case .bulk(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let text): text
        default: nil
        }
    }

    /// An integer reply, or a bulk string holding a decimal integer, else nil.
    public var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .bulk(let bytes): Int64(String(decoding: bytes, as: UTF8.self))
        default: nil
        }
    }

    /// The elements of an array reply, else nil.
    public var array: [RedisValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// Returns the value, or throws `RedisError(kind: .server)` for an error reply.
    @discardableResult
    public func throwingOnError() throws -> RedisValue {
        if case .error(let message) = self {
            throw RedisError(kind: .server, message: message)
        }
        return self
    }
}
