/// A dictionary keyed by features under String's equality (canonical equivalence), hashed and
/// compared on the features' UTF-8 bytes while every key is plain NFC (`FeatureKey`; issue 30:
/// `[String: CategoryCounts]` hashed each non-ASCII feature through String's normalizing hash,
/// a seventh of classifying a batch).
///
/// Two modes: while every key stored is plain NFC, a `[FeatureKey: Value]` (bytes decide
/// equality between NFC texts); the first key that is not turns it into a `[String: Value]`
/// for good. A key that is not plain NFC may still equal a plain one (a decomposed が, a CJK
/// compatibility ideograph), so a lookup of such a key in the plain mode compares it with
/// every key by String's `==`: `init(minimumCapacity:keys:)` starts in the String mode when
/// the keys to come are not all plain, so a store's lookups never take that path.
public struct FeatureDictionary<Value> {
    @usableFromInline var plain: [FeatureKey: Value]
    @usableFromInline var general: [String: Value]?

    @inlinable
    public init() {
        plain = [:]
    }

    /// Room for `minimumCapacity` features; keyed by String at once when any of `keys` is not plain NFC.
    @inlinable
    public init<Keys: Collection<String>>(minimumCapacity: Int, keys: Keys) {
        if keys.allSatisfy(FeatureKey.isPlainNFC) {
            plain = Dictionary(minimumCapacity: minimumCapacity)
        } else {
            plain = [:]
            general = Dictionary(minimumCapacity: minimumCapacity)
        }
    }

    @inlinable
    public init(_ dictionary: [String: Value]) {
        self.init(minimumCapacity: dictionary.count, keys: dictionary.keys)
        for (feature, value) in dictionary {
            self[feature] = value
        }
    }

    @inlinable
    public subscript(feature: String) -> Value? {
        get {
            if let general { return general[feature] }
            // Found by its bytes, it is the key (equal bytes, equal Strings); not found, a plain
            // feature is absent, and one that is not plain may equal a key only as a String.
            if let value = plain[FeatureKey(feature: feature)] { return value }
            if FeatureKey.isPlainNFC(feature) { return nil }
            return plain.first { $0.key.feature == feature }?.value
        }
        set {
            if general == nil, FeatureKey.isPlainNFC(feature) {
                plain[FeatureKey(feature: feature)] = newValue
                return
            }
            var strings = general ?? stringKeyed
            plain = [:]
            general = nil
            strings[feature] = newValue
            general = strings
        }
    }

    /// The same entries keyed by String.
    @inlinable
    public var dictionary: [String: Value] {
        general ?? stringKeyed
    }

    @inlinable
    public var count: Int { general?.count ?? plain.count }

    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// `plain` keyed by String: its keys are distinct NFC texts, so no two are equal Strings.
    @inlinable
    var stringKeyed: [String: Value] {
        Dictionary(uniqueKeysWithValues: plain.lazy.map { ($0.key.feature, $0.value) })
    }
}

extension FeatureDictionary: Sendable where Value: Sendable {}

extension FeatureDictionary: Equatable where Value: Equatable {
    @inlinable
    public static func == (left: FeatureDictionary, right: FeatureDictionary) -> Bool {
        left.dictionary == right.dictionary
    }
}
