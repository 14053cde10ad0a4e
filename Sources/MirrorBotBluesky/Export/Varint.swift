/// Unsigned LEB128, as CAR files and CIDs write lengths.
enum Varint {
    /// The value at the start of `data` and how many bytes it took; nil when it runs past the end or past 63 bits.
    static func read(_ data: ArraySlice<UInt8>) -> (UInt64, Int)? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            value |= UInt64(byte & 0x7F) << shift
            index += 1
            if byte & 0x80 == 0 { return (value, index - data.startIndex) }
            shift += 7
            if shift > 56 { return nil }
        }
        return nil
    }
}
