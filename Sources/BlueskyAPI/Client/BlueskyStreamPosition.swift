import Foundation

/// Where a walk of one feed got to: the newest item's time and the items with exactly
/// that time. Bluesky's feeds page only toward older items (`cursor`), so a later walk
/// starts from the top and stops at the first item this position covers.
///
/// Written as text (`encoded`): `bsky1 <microseconds since 1970> <at:// URI>...`, the
/// URIs sorted; a text of another form (e.g. a bare URI, the cursor of versions before
/// positions) is not a position.
public struct BlueskyStreamPosition: Sendable, Equatable {
    /// Microseconds since 1970 (the AppView's timestamps have milliseconds): compared as integers.
    public var time: Int64
    public var uris: Set<String>

    public init(time: Date, uris: Set<String>) {
        self.init(microseconds: Self.microseconds(time), uris: uris)
    }

    init(microseconds: Int64, uris: Set<String>) {
        time = microseconds
        self.uris = uris
    }

    /// Whether an item at `itemTime` with `uri` was reached before (a walk stops there).
    public func covers(uri: String, time itemTime: Date) -> Bool {
        let micros = Self.microseconds(itemTime)
        return micros < time || (micros == time && uris.contains(uri))
    }

    /// The later of two positions (URIs at the same time joined).
    public func merged(_ other: BlueskyStreamPosition?) -> BlueskyStreamPosition {
        guard let other else { return self }
        if other.time > time { return other }
        if other.time < time { return self }
        return BlueskyStreamPosition(microseconds: time, uris: uris.union(other.uris))
    }

    static let tag = "bsky1"

    public var encoded: String {
        ([Self.tag, String(time)] + uris.sorted()).joined(separator: " ")
    }

    /// The position `text` encodes; nil when it is not one.
    public init?(encoded text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == Self.tag, let micros = Int64(parts[1]),
            parts.dropFirst(2).allSatisfy({ $0.hasPrefix("at://") && ATURI(String($0)) != nil })
        else { return nil }
        self.init(microseconds: micros, uris: Set(parts.dropFirst(2).map(String.init)))
    }

    static func microseconds(_ date: Date) -> Int64 {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // No timestamp the AppView parses comes near these bounds; they keep the conversion from trapping.
        return Int64(max(-9e18, min(9e18, micros.isFinite ? micros : 0)))
    }
}
