/// RFC 4648 base32, lowercase, no padding.
enum Base32 {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

    static func lowercase(_ bytes: [UInt8]) -> String {
        var output = ""
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int(buffer >> UInt32(bits - 5) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return output
    }
}
