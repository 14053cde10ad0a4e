extension PostText {
    /// `scanCharacters` on the scalars, for text whose every scalar is plain (ASCII, kana, CJK
    /// punctuation and unified ideographs: `FeatureKey.forEachPlainScalar`) and which has no
    /// carriage return; nil for any other text (issue 30: splitting into `Character`s was the
    /// costliest step left of the scan). In such text each scalar is a `Character` alone: no
    /// ASCII character but CR joins its neighbour (CR LF), and no plain scalar extends, joins
    /// or is joined to another (the combining marks U+302A...U+302F, U+3099 and U+309A are
    /// not plain). So each rule of the scan, asked of the same characters, gives the same
    /// answer here; the letters, digits and spaces are still `Character`'s own answers.
    static func scanPlain(_ normalized: String) -> PostText? {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(normalized.utf8.count)
        var hasCarriageReturn = false
        let plain = FeatureKey.forEachPlainScalar(normalized) { value in
            if value == 0x0D { hasCarriageReturn = true }
            scalars.append(value)
        }
        guard plain, !hasCarriageReturn else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(normalized.utf8.count)
        var hashtags: [String] = []
        var mentions: [String] = []
        var index = 0
        while index < scalars.count {
            let previous: UInt32? = index > 0 ? scalars[index - 1] : nil
            if let end = urlEnd(scalars, at: index) {
                text.append(UInt8(ascii: " "))
                index = end
            } else if scalars[index] == 0x23, !isWordScalar(previous), previous != 0x26,
                      let end = hashtagEnd(scalars, at: index, isWord: { isWordScalar($0) }, isNumberOrUnderscore: { isNumberScalar($0) || $0 == 0x5F }) {
                hashtags.append(string(scalars[(index + 1)..<end]))
                text.append(UInt8(ascii: " "))
                index = end
            } else if scalars[index] == 0x40, !isScreenNameScalar(previous), let end = mentionEnd(scalars, at: index, isScreenName: { isScreenNameScalar($0) }) {
                mentions.append(string(scalars[(index + 1)..<end]))
                text.append(UInt8(ascii: " "))
                index = end
            } else {
                appendUTF8(scalars[index], to: &text)
                index += 1
            }
        }
        return PostText(plain: String(decoding: text, as: UTF8.self), hashtags: hashtags, mentions: mentions)
    }

    private static func urlEnd(_ scalars: [UInt32], at start: Int) -> Int? {
        guard scalars[start] == 0x68 || scalars[start] == 0x48 else { return nil }
        // The scheme's characters lowercased: ASCII letters become lowercase, and no plain
        // scalar that is not ASCII lowercases to ASCII.
        for scheme in urlSchemes where start + scheme.count <= scalars.count {
            guard zip(scalars[start...], scheme).allSatisfy({ value, byte in lowercasedASCII(value) == byte }) else { continue }
            var end = start + scheme.count
            while end < scalars.count, scalars[end] < 0x80, !asciiWhitespace[Int(scalars[end])] {
                end += 1
            }
            return end
        }
        return nil
    }

    private static let urlSchemes: [[UInt32]] = ["http://", "https://"].map { $0.unicodeScalars.map(\.value) }

    /// An ASCII scalar lowercased; nil for any other.
    private static func lowercasedASCII(_ value: UInt32) -> UInt32? {
        guard value < 0x80 else { return nil }
        return value >= 0x41 && value <= 0x5A ? value | 0x20 : value
    }

    /// `isWordCharacter` of the scalar's character.
    private static func isWordScalar(_ value: UInt32?) -> Bool {
        guard let value else { return false }
        if value < 0x80 { return asciiWord[Int(value)] }
        return isWordCharacter(character(value))
    }

    /// `Character.isNumber` of the scalar's character.
    private static func isNumberScalar(_ value: UInt32) -> Bool {
        value < 0x80 ? asciiNumber[Int(value)] : character(value)?.isNumber == true
    }

    /// `isScreenNameCharacter` of the scalar's character (ASCII only).
    private static func isScreenNameScalar(_ value: UInt32?) -> Bool {
        guard let value, value < 0x80 else { return false }
        return asciiScreenName[Int(value)]
    }

    private static func character(_ value: UInt32) -> Character? {
        Unicode.Scalar(value).map(Character.init)
    }

    /// The ASCII characters' answers, asked of `Character` once.
    private static let asciiWord: [Bool] = (0..<128).map { isWordCharacter(Character(Unicode.Scalar(UInt8($0)))) }
    private static let asciiScreenName: [Bool] = (0..<128).map { isScreenNameCharacter(Character(Unicode.Scalar(UInt8($0)))) }
    private static let asciiNumber: [Bool] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))).isNumber }
    private static let asciiWhitespace: [Bool] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))).isWhitespace }

    private static func string(_ scalars: ArraySlice<UInt32>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count * 3)
        for value in scalars { appendUTF8(value, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A plain scalar's UTF-8: one byte, or three (every plain scalar that is not ASCII is in U+3000...U+9FFF).
    private static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        if value < 0x80 {
            bytes.append(UInt8(value))
        } else {
            bytes.append(UInt8(0xE0 | (value >> 12)))
            bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}
