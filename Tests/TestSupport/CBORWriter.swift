import CBOR

/// A small CBOR encoder for test fixtures, independent of libcbor (which decodes):
/// definite lengths, shortest heads, and map keys in DAG-CBOR's order (shorter
/// first, then bytewise), as a PDS writes them.
public enum CBORWriter {
    public static func encode(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    static func head(_ major: UInt8, _ argument: UInt64, into out: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24: out.append(type | UInt8(argument))
        case 24...0xFF: out += [type | 24, UInt8(argument)]
        case 0x100...0xFFFF: out += [type | 25] + bigEndian(argument, bytes: 2)
        case 0x1_0000...0xFFFF_FFFF: out += [type | 26] + bigEndian(argument, bytes: 4)
        default: out += [type | 27] + bigEndian(argument, bytes: 8)
        }
    }

    static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func write(_ value: CBORValue, into out: inout [UInt8]) {
        switch value {
        case .unsigned(let number): head(0, number, into: &out)
        case .negative(let number): head(1, number, into: &out)
        case .bytes(let bytes):
            head(2, UInt64(bytes.count), into: &out)
            out += bytes
        case .text(let text):
            head(3, UInt64(text.utf8.count), into: &out)
            out += Array(text.utf8)
        case .array(let items):
            head(4, UInt64(items.count), into: &out)
            for item in items { write(item, into: &out) }
        case .map(let pairs):
            head(5, UInt64(pairs.count), into: &out)
            let encoded = pairs.map { (key: encode($0.key), value: encode($0.value)) }.sorted { a, b in
                a.key.count != b.key.count ? a.key.count < b.key.count : a.key.lexicographicallyPrecedes(b.key)
            }
            for pair in encoded { out += pair.key + pair.value }
        case .tagged(let tag, let inner):
            head(6, tag, into: &out)
            write(inner, into: &out)
        case .bool(let flag): out.append(flag ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .float(let number):
            out.append(0xFB)
            out += bigEndian(number.bitPattern, bytes: 8)
        }
    }
}

extension CBORValue {
    /// A map of text keys, for fixtures.
    public static func object(_ pairs: KeyValuePairs<String, CBORValue>) -> CBORValue {
        .map(pairs.map { CBORPair(.text($0.key), $0.value) })
    }
}
