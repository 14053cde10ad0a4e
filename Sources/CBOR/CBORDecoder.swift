import CCBOR

/// Owns one libcbor item and releases it with the owner.
private final class ItemHandle {
    var raw: UnsafeMutablePointer<cbor_item_t>?
    init(_ raw: UnsafeMutablePointer<cbor_item_t>) { self.raw = raw }
    deinit { cbor_decref(&raw) }
}

/// Decodes CBOR with libcbor (`cbor_load`) and copies the item into a `CBORValue`
/// at once; the C item is freed before returning. Definite lengths only (as
/// DAG-CBOR requires), nesting at most `maximumDepth` deep; lengths that cannot
/// fit in the bytes are refused before libcbor allocates them (`CBORLengthCheck`).
public enum CBORDecoder {
    public static let maximumDepth = 64

    /// The first CBOR item of `bytes`, and how many bytes it took.
    public static func decodeFirst(_ bytes: ArraySlice<UInt8>) throws -> (value: CBORValue, length: Int) {
        guard !bytes.isEmpty else { throw CBORError(kind: .truncated, offset: 0, message: "no data") }
        try CBORLengthCheck.check(bytes)
        var result = cbor_load_result()
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            cbor_load(buffer.baseAddress, buffer.count, &result)
        }
        guard let loaded else { throw error(result) }
        let handle = ItemHandle(loaded)
        let value = try copy(handle.raw, depth: 0, offset: result.read)
        return (value, result.read)
    }

    /// Exactly one CBOR item filling all of `bytes`.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws -> CBORValue {
        let (value, length) = try decodeFirst(bytes)
        guard length == bytes.count else {
            throw CBORError(kind: .malformed, offset: length, message: "\(bytes.count - length) bytes after the item")
        }
        return value
    }

    private static func error(_ result: cbor_load_result) -> CBORError {
        let offset = result.error.position
        switch result.error.code {
        case CBOR_ERR_NOTENOUGHDATA, CBOR_ERR_NODATA: return CBORError(kind: .truncated, offset: offset, message: "the data ends inside an item")
        case CBOR_ERR_MEMERROR: return CBORError(kind: .outOfMemory, offset: offset, message: "out of memory")
        default: return CBORError(kind: .malformed, offset: offset, message: "not well-formed CBOR")
        }
    }

    private static func copy(_ item: UnsafeMutablePointer<cbor_item_t>?, depth: Int, offset: Int) throws -> CBORValue {
        guard let item else { throw CBORError(kind: .malformed, offset: offset, message: "a missing item") }
        guard depth < maximumDepth else { throw CBORError(kind: .unsupported, offset: offset, message: "nested deeper than \(maximumDepth)") }
        switch cbor_typeof(item) {
        case CBOR_TYPE_UINT:
            return .unsigned(cbor_get_int(item))
        case CBOR_TYPE_NEGINT:
            return .negative(cbor_get_int(item))
        case CBOR_TYPE_BYTESTRING:
            guard cbor_bytestring_is_definite(item) else { throw indefinite(offset) }
            return .bytes(Array(UnsafeBufferPointer(start: cbor_bytestring_handle(item), count: cbor_bytestring_length(item))))
        case CBOR_TYPE_STRING:
            guard cbor_string_is_definite(item) else { throw indefinite(offset) }
            let utf8 = UnsafeBufferPointer(start: cbor_string_handle(item), count: cbor_string_length(item))
            guard let text = String(validating: utf8, as: UTF8.self) else {
                throw CBORError(kind: .malformed, offset: offset, message: "a text string that is not UTF-8")
            }
            return .text(text)
        case CBOR_TYPE_ARRAY:
            guard cbor_array_is_definite(item) else { throw indefinite(offset) }
            let elements = UnsafeBufferPointer(start: cbor_array_handle(item), count: cbor_array_size(item))
            return .array(try elements.map { try copy($0, depth: depth + 1, offset: offset) })
        case CBOR_TYPE_MAP:
            guard cbor_map_is_definite(item) else { throw indefinite(offset) }
            let pairs = UnsafeBufferPointer(start: cbor_map_handle(item), count: cbor_map_size(item))
            return .map(try pairs.map {
                CBORPair(try copy($0.key, depth: depth + 1, offset: offset), try copy($0.value, depth: depth + 1, offset: offset))
            })
        case CBOR_TYPE_TAG:
            guard let tagged = cbor_tag_item(item) else { throw CBORError(kind: .malformed, offset: offset, message: "a tag without an item") }
            let handle = ItemHandle(tagged)
            return .tagged(cbor_tag_value(item), try copy(handle.raw, depth: depth + 1, offset: offset))
        case CBOR_TYPE_FLOAT_CTRL:
            if cbor_float_ctrl_is_ctrl(item) {
                switch cbor_ctrl_value(item) {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                case 23: return .undefined
                default: throw CBORError(kind: .unsupported, offset: offset, message: "simple value \(cbor_ctrl_value(item))")
                }
            }
            return .float(cbor_float_get_float(item))
        default:
            throw CBORError(kind: .malformed, offset: offset, message: "an item of unknown type")
        }
    }

    private static func indefinite(_ offset: Int) -> CBORError {
        CBORError(kind: .unsupported, offset: offset, message: "an indefinite-length item (DAG-CBOR allows definite lengths only)")
    }
}
