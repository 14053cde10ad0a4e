import Foundation

/// A feature as a set key hashed and compared on its UTF-8 bytes (issue 30: String's hash and
/// `==` normalize non-ASCII text, a sixth of `classify --jsonl`'s instructions).
///
/// Bytes decide String equality only between texts in NFC (two texts are canonically
/// equivalent exactly when their NFC forms are the same bytes). So keys are made only from
/// features `isPlainNFC` accepts, whose every scalar is ASCII, kana, CJK punctuation or a
/// unified ideograph that is its own NFC and NFKC form whatever its neighbours (canonical
/// combining class 0, never the second of a composition: `PostText.isOwnCompatibilityForm`);
/// `distinct` falls back to `Set<String>` for any other feature. Inlinable, with
/// `FeatureDictionary`: so the core's `FeatureDictionary<CategoryCounts>` is specialized (issue
/// 30, fourth pass: unspecialized, its lookups cost more than String's hash).
@usableFromInline
struct FeatureKey: Hashable, Sendable {
    @usableFromInline let feature: String

    @inlinable
    init(feature: String) {
        self.feature = feature
    }

    @inlinable
    static func == (left: FeatureKey, right: FeatureKey) -> Bool {
        sameBytes(left.feature, right.feature)
    }

    /// The two texts' UTF-8 bytes are the same.
    @inlinable
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

    @inlinable
    func hash(into hasher: inout Hasher) {
        let hashed: Void? = feature.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            for byte in feature.utf8 { hasher.combine(byte) }
        }
    }

    /// A text's first eight bytes (zero past its end) and its byte count: texts whose
    /// fingerprints differ have different bytes.
    struct Fingerprint: Equatable {
        let head: UInt64
        let count: Int
    }

    static func fingerprint(_ text: String) -> Fingerprint {
        let head = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        } ?? text.utf8.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        return Fingerprint(head: head, count: text.utf8.count)
    }

    /// Every scalar of `text` is one `PostText.isOwnCompatibilityForm` accepts: then `text` is in NFC.
    @inlinable
    static func isPlainNFC(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isPlainNFC(bytes:)) ?? false
    }

    /// `isPlainNFC` on valid UTF-8 (a String's), by the lead bytes (issue 30, fourth pass: this
    /// test runs on every post and every feature, several times). It accepts what
    /// `forEachPlainScalar` accepts: ASCII; `E5`-`E9` lead U+5000...U+9FFF and `E4 B8`-`E4 BF`
    /// U+4E00...U+4FFF, all unified ideographs; `E3 80`-`E3 83` lead U+3000...U+30FF, decoded and
    /// held to `PostText.isOwnCompatibilityForm`; nothing else (`FeaturePathDifferentialTests`
    /// compares the two over every scalar below U+10000).
    @inlinable
    static func isPlainNFC(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard index + 2 < bytes.count else { return false }
            switch lead {
            case 0xE5...0xE9:
                break
            case 0xE4:
                guard bytes[index + 1] >= 0xB8 else { return false }
            case 0xE3:
                let value = 0x3000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                guard PostText.isOwnCompatibilityForm(value) else { return false }
            default:
                return false
            }
            index += 3
        }
        return true
    }

    /// Calls `body` with each scalar of `text` while they are ones `PostText.isOwnCompatibilityForm`
    /// accepts, decoded from the UTF-8 bytes (one or three bytes each); false at the first other one.
    @inlinable @inline(__always)
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
    /// when every feature is plain NFC (`FeatureKey`), else with `Set<String>`. An array, not a
    /// generic collection: called from the core (`CountingClassifier.union`), a generic function
    /// ran unspecialized, through witness tables, at three times the cost (issue 30, fourth pass).
    public static func distinct(_ features: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(features.count)
        if features.allSatisfy(FeatureKey.isPlainNFC) {
            // A post's few features: compared with those kept so far, without a set, by their
            // first bytes and count before their bytes (issue 30, fourth pass).
            guard features.count > 16 else {
                return withUnsafeTemporaryAllocation(of: FeatureKey.Fingerprint.self, capacity: 16) { kept in
                    for feature in features {
                        let fingerprint = FeatureKey.fingerprint(feature)
                        guard !result.indices.contains(where: { kept[$0] == fingerprint && FeatureKey.sameBytes(result[$0], feature) }) else {
                            continue
                        }
                        kept[result.count] = fingerprint
                        result.append(feature)
                    }
                    return result
                }
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

    /// The distinct features of `posts` in first-seen order (`distinct` of them all, the first
    /// spelling kept), and each post's features as positions in that list: a batch's counts are
    /// then looked up once a distinct feature, not once a post's feature (issue 30, fourth pass).
    /// On bytes when every feature is plain NFC (`FeatureKey`), else by String.
    public static func union(_ posts: [[String]]) -> (features: [String], positions: [[Int]]) {
        if posts.allSatisfy({ $0.allSatisfy(FeatureKey.isPlainNFC) }) {
            return union(posts) { FeatureKey(feature: $0) }
        }
        return union(posts) { $0 }
    }

    private static func union<Key: Hashable>(_ posts: [[String]], key: (String) -> Key) -> (features: [String], positions: [[Int]]) {
        let total = posts.reduce(0) { $0 + $1.count }
        var features: [String] = []
        features.reserveCapacity(total)
        var positions = [Key: Int](minimumCapacity: total)
        let perPost = posts.map { post in
            post.map { feature in
                let next = features.count
                // One lookup: the modify accessor of `default:` stores `next` when the key is new.
                let position = read(&positions[key(feature), default: next])
                if position == next { features.append(feature) }
                return position
            }
        }
        return (features, perPost)
    }

    private static func read(_ slot: inout Int) -> Int { slot }

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
