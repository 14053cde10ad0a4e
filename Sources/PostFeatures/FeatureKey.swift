import Foundation

/// A feature as a set key hashed and compared on its UTF-8 bytes (issue 30: String's hash and
/// `==` normalize non-ASCII text, a sixth of `classify --jsonl`'s instructions).
///
/// Bytes decide String equality only between texts in NFC (two texts are canonically
/// equivalent exactly when their NFC forms are the same bytes). So keys are made only from
/// features `isPlainNFC` accepts, whose every scalar is ASCII, kana, CJK punctuation or a
/// unified ideograph that is its own NFC and NFKC form whatever its neighbours (canonical
/// combining class 0, never the second of a composition: `PostText.isOwnCompatibilityForm`);
/// `distinct` falls back to `Set<String>` for any other feature.
struct FeatureKey: Hashable {
    let feature: String

    static func == (left: FeatureKey, right: FeatureKey) -> Bool {
        sameBytes(left.feature, right.feature)
    }

    /// The two texts' UTF-8 bytes are the same.
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        let same = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let left = leftBytes.baseAddress, let right = rightBytes.baseAddress else { return true }
                return memcmp(left, right, leftBytes.count) == 0
            }
        }
        return (same ?? nil) ?? left.utf8.elementsEqual(right.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = feature.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            for byte in feature.utf8 { hasher.combine(byte) }
        }
    }

    /// Every scalar of `text` is one `PostText.isOwnCompatibilityForm` accepts: then `text` is in NFC.
    static func isPlainNFC(_ text: String) -> Bool {
        forEachPlainScalar(text) { _ in }
    }

    /// Calls `body` with each scalar of `text` while they are ones `PostText.isOwnCompatibilityForm`
    /// accepts, decoded from the UTF-8 bytes (one or three bytes each); false at the first other one.
    @inline(__always)
    static func forEachPlainScalar(_ text: String, _ body: (UInt32) -> Void) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    body(UInt32(lead))
                    index += 1
                    continue
                }
                guard lead & 0xF0 == 0xE0, index + 2 < bytes.count else { return false }
                let value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                guard PostText.isOwnCompatibilityForm(value) else { return false }
                body(value)
                index += 3
            }
            return true
        }
        return plain ?? false
    }
}

extension FeatureExtractor {
    /// `features` in order, each at most once by String equality (the first kept): on bytes
    /// when every feature is plain NFC (`FeatureKey`), else with `Set<String>`.
    public static func distinct<Features: Collection<String>>(_ features: Features) -> [String] {
        var result: [String] = []
        result.reserveCapacity(features.count)
        if features.allSatisfy(FeatureKey.isPlainNFC) {
            // A post's few features: compared with those kept so far, without a set.
            guard features.count > 16 else {
                for feature in features where !result.contains(where: { FeatureKey.sameBytes($0, feature) }) {
                    result.append(feature)
                }
                return result
            }
            var seen = Set<FeatureKey>(minimumCapacity: features.count)
            for feature in features where seen.insert(FeatureKey(feature: feature)).inserted {
                result.append(feature)
            }
        } else {
            var seen = Set<String>(minimumCapacity: features.count)
            for feature in features where seen.insert(feature).inserted {
                result.append(feature)
            }
        }
        return result
    }

    /// `isCountedSurface` for a surface of ASCII, kana letters, ー and unified ideographs (one
    /// `Character` each, letters but for ASCII punctuation and digits), decided on the bytes;
    /// nil for any other surface.
    static func plainCountedSurface(_ surface: String) -> Bool? {
        var count = 0
        var hasLetter = false
        var onlyLongVowels = true
        var firstIsASCII = false
        var known = true
        let plain = FeatureKey.forEachPlainScalar(surface) { value in
            if count == 0 { firstIsASCII = value < 0x80 }
            count += 1
            switch value {
            case 0x41...0x5A, 0x61...0x7A:
                hasLetter = true
                onlyLongVowels = false
            case 0x7E:
                break
            case 0x00...0x7F:
                onlyLongVowels = false
            case 0x30FC:
                hasLetter = true
            case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF:
                hasLetter = true
                onlyLongVowels = false
            default:
                known = false
            }
        }
        guard plain, known else { return nil }
        return hasLetter && !(count == 1 && firstIsASCII) && !onlyLongVowels
    }
}
