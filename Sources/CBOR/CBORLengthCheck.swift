/// Reads the heads of one CBOR item before libcbor does, to refuse the lengths libcbor
/// would trust: libcbor 0.8 allocates a definite array's or map's slots at once, and a
/// nine-byte head (`9b` and eight bytes) announces up to 2^64 items: one asked libcbor
/// for 15 GB (found by fuzzing the `.car` reader, issue 15).
///
/// Every item takes at least one byte, so an array announcing more items than bytes
/// are left (a map, more than half as many pairs) cannot be whole: it is refused as
/// truncated, where the bytes end. Indefinite lengths, which DAG-CBOR forbids, are
/// refused up front. Whatever else is wrong is left to libcbor to find.
enum CBORLengthCheck {
    /// Throws when the first item of `bytes` announces more than `bytes` can hold.
    static func check(_ bytes: ArraySlice<UInt8>) throws(CBORError) {
        var index = bytes.startIndex
        // Items still to read at each open level; the outermost is the one item.
        var open = [1]
        while let count = open.last {
            guard count > 0 else {
                open.removeLast()
                continue
            }
            open[open.count - 1] = count - 1
            let offset = index - bytes.startIndex
            guard index < bytes.endIndex else { return }
            let major = bytes[index] >> 5
            let info = bytes[index] & 0x1F
            index += 1
            let size: Int
            switch info {
            case 0..<24: size = 0
            case 24: size = 1
            case 25: size = 2
            case 26: size = 4
            case 27: size = 8
            case 31 where (2...5).contains(major):
                throw CBORError(kind: .unsupported, offset: offset, message: "an indefinite-length item (DAG-CBOR allows definite lengths only)")
            default: return
            }
            guard bytes.endIndex - index >= size else { return }
            let argument = size == 0 ? UInt64(info) : bytes[index..<index + size].reduce(0) { $0 << 8 | UInt64($1) }
            index += size
            let left = UInt64(bytes.endIndex - index)
            switch major {
            case 2, 3:
                guard argument <= left else { return }
                index += Int(argument)
            case 4:
                guard argument <= left else { throw refusal("an array of \(argument) items", left: left, at: offset) }
                open.append(Int(argument))
            case 5:
                guard argument <= left / 2 else { throw refusal("a map of \(argument) pairs", left: left, at: offset) }
                open.append(2 * Int(argument))
            case 6:
                open.append(1)
            default:
                break
            }
        }
    }

    private static func refusal(_ what: String, left: UInt64, at offset: Int) -> CBORError {
        CBORError(kind: .truncated, offset: offset, message: "\(what) cannot fit in the \(left) bytes left")
    }
}
