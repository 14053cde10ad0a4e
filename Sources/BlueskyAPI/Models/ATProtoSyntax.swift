/// The AT Protocol's identifier and datetime syntax (atproto.com/specs: DIDs, handles,
/// NSIDs, record keys, TIDs, AT-URIs, datetimes), checked against every line of the
/// interoperability test vectors (`atproto-interop-tests/syntax`). ASCII only:
/// every rule here is over ASCII, so any other character fails.
public enum ATProtoSyntax {
    /// `did:method:identifier`: a lowercase method, then letters, digits and `._:%-`,
    /// not ending in `:` or `%`; at most 2,048 characters.
    public static func isDID(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count <= 2048, bytes.starts(with: Array("did:".utf8)) else { return false }
        let rest = bytes.dropFirst(4)
        guard let colon = rest.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let method = rest[rest.startIndex..<colon], identifier = rest[(colon + 1)...]
        guard !method.isEmpty, method.allSatisfy(isLowercaseLetter), let last = identifier.last else { return false }
        guard identifier.allSatisfy({ isAlphanumeric($0) || "._:%-".utf8.contains($0) }) else { return false }
        return last != UInt8(ascii: ":") && last != UInt8(ascii: "%")
    }

    /// A handle: a domain name of at least two labels (letters, digits, inner hyphens,
    /// 1-63 each), the last starting with a letter; at most 253 characters.
    public static func isHandle(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count <= 253 else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isLabel), let tld = labels.last?.first else { return false }
        return isLetter(tld)
    }

    /// An NSID (`app.bsky.feed.post`): a reversed domain (its first label not starting with
    /// a digit) and a name of letters and digits starting with a letter; at most 317
    /// characters in all (the vectors accept a 287-character one, so the domain part is
    /// not held to a domain name's 253).
    public static func isNSID(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count <= 317 else { return false }
        let segments = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count >= 3, let name = segments.last, let first = segments.first?.first else { return false }
        let authority = segments.dropLast()
        guard authority.allSatisfy(isLabel), !isDigit(first) else { return false }
        guard (1...63).contains(name.count), let initial = name.first, isLetter(initial) else { return false }
        return name.allSatisfy(isAlphanumeric)
    }

    /// A record key: 1-512 of letters, digits and `_~.:-`, not `.` or `..`.
    public static func isRecordKey(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard (1...512).contains(bytes.count), string != ".", string != ".." else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || "_~.:-".utf8.contains($0) }
    }

    /// A TID (`TID.isValid`).
    public static func isTID(_ string: String) -> Bool { TID.isValid(string) }

    /// An AT-URI: `at://` and a DID or handle, then perhaps `/collection` (an NSID) and
    /// `/rkey` (a record key); no trailing slash, query or fragment; at most 8 KiB.
    public static func isATURI(_ string: String) -> Bool {
        guard string.utf8.count <= 8192, string.hasPrefix("at://") else { return false }
        let parts = string.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...3).contains(parts.count), isDID(parts[0]) || isHandle(parts[0]) else { return false }
        if parts.count >= 2, !isNSID(parts[1]) { return false }
        if parts.count == 3, !isRecordKey(parts[2]) { return false }
        return true
    }

    /// An AT Protocol datetime: RFC 3339 and ISO 8601 at once, `YYYY-MM-DDTHH:MM:SS`,
    /// perhaps a fraction, then `Z` or `±HH:MM` (not `-00:00`); uppercase `T` and `Z`;
    /// a real date and time (no month 13, no second 61), not before year 0 in UTC.
    public static func isDatetime(_ string: String) -> Bool {
        let b = Array(string.utf8)
        guard b.count >= 20, b.count <= 64 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count, b[range].allSatisfy(isDigit) else { return nil }
            return b[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        func at(_ index: Int, _ character: Character) -> Bool { index < b.count && b[index] == character.asciiValue }
        guard let year = number(0..<4), at(4, "-"), let month = number(5..<7), at(7, "-"), let day = number(8..<10), at(10, "T"),
            let hour = number(11..<13), at(13, ":"), let minute = number(14..<16), at(16, ":"), let second = number(17..<19)
        else { return false }
        var index = 19
        if at(index, ".") {
            index += 1
            let digits = b[index...].prefix(while: isDigit).count
            guard (1...20).contains(digits) else { return false }
            index += digits
        }
        var offsetMinutes = 0
        if at(index, "Z"), index + 1 == b.count {
            offsetMinutes = 0
        } else if at(index, "+") || at(index, "-"), index + 6 == b.count, let hours = number((index + 1)..<(index + 3)), at(index + 3, ":"),
            let minutes = number((index + 4)..<(index + 6)), hours <= 23, minutes <= 59
        {
            guard !(at(index, "-") && hours == 0 && minutes == 0) else { return false }
            offsetMinutes = (hours * 60 + minutes) * (at(index, "-") ? -1 : 1)
        } else {
            return false
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 59 else {
            return false
        }
        // Year 0000 just after midnight with a positive offset is before year 0 in UTC.
        let minutesIntoYear0 = ((year == 0 ? dayOfYear(month: month, day: day, year: 0) - 1 : 1) * 24 + hour) * 60 + minute
        return year > 0 || minutesIntoYear0 - offsetMinutes >= 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func dayOfYear(month: Int, day: Int, year: Int) -> Int {
        (1..<month).reduce(0) { $0 + daysIn(month: $1, year: year) } + day
    }

    /// A DNS label: 1-63 letters, digits and hyphens, not starting or ending with a hyphen.
    static func isLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard (1...63).contains(label.count), let first = label.first, let last = label.last else { return false }
        let hyphen = UInt8(ascii: "-")
        return first != hyphen && last != hyphen && label.allSatisfy { isAlphanumeric($0) || $0 == hyphen }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    static func isLowercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { isLowercaseLetter(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
}
