/// Misskey's ids (`aid`, `aidx`, `meid`, `ulid`, `objectid`) are time-prefixed strings of one
/// length per server, compared as strings (`packages/backend/src/misc/id/*.ts`); a longer id
/// is newer. Only the Misskey adapter compares them: to the core a position is opaque.
public enum MisskeyID {
    /// Whether `a` was made after `b`.
    public static func isNewer(_ a: String, than b: String) -> Bool {
        a.count != b.count ? a.count > b.count : a > b
    }

    /// The `misskey:id` format: `[a-zA-Z0-9]+`.
    public static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
