/// A decoded CBOR data item, copied out of libcbor's memory.
public indirect enum CBORValue: Sendable, Equatable {
    case unsigned(UInt64)
    /// The negative integer -1 - n.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// Key-value pairs in the order encoded.
    case map([CBORPair])
    case tagged(UInt64, CBORValue)
    case bool(Bool)
    case null
    case undefined
    case float(Double)

    /// The value for a text key of a map, else nil.
    public subscript(key: String) -> CBORValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == .text(key) }?.value
    }

    public var text: String? { if case .text(let value) = self { value } else { nil } }
    public var bytes: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }
    public var array: [CBORValue]? { if case .array(let value) = self { value } else { nil } }
    public var unsigned: UInt64? { if case .unsigned(let value) = self { value } else { nil } }
    public var isNull: Bool { self == .null }
}

/// One key-value pair of a CBOR map.
public struct CBORPair: Sendable, Equatable {
    public var key: CBORValue
    public var value: CBORValue

    public init(_ key: CBORValue, _ value: CBORValue) {
        self.key = key
        self.value = value
    }
}
