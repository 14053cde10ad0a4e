import MastodonAPI
import XAPI

extension FuzzTarget {
    /// OAuth's RFC 3986 coding (and the Mastodon client's): decoding any text never traps,
    /// encoding gives only unreserved characters and `%XX`, and decoding undoes encoding.
    static let percentEncoding = FuzzTarget(name: "percent-encoding", about: "OAuthPercentEncoding, MastodonPercentEncoding") { bytes in
        let input = text(bytes)
        _ = OAuthPercentEncoding.decode(input)
        _ = OAuthPercentEncoding.decode(input, plusIsSpace: false)
        _ = OAuthPercentEncoding.parseForm(input)
        _ = MastodonPercentEncoding.decode(input)

        let encoded = OAuthPercentEncoding.encode(input)
        fuzzCheck(encoded.utf8.allSatisfy(isEncodedByte), "OAuth encoding left a reserved byte: \(encoded)")
        fuzzCheck(OAuthPercentEncoding.decode(encoded) == input, "OAuth decode(encode(x)) != x for \(input.debugDescription)")
        fuzzCheck(MastodonPercentEncoding.encode(input) == encoded, "the two encoders disagree on \(input.debugDescription)")
        fuzzCheck(MastodonPercentEncoding.decode(encoded) == input, "Mastodon decode(encode(x)) != x for \(input.debugDescription)")

        let halves = input.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let pair = (name: halves[0], value: halves.count > 1 ? halves[1] : "")
        let form = OAuthPercentEncoding.parseForm(OAuthPercentEncoding.formString([pair]))
        fuzzCheck(form.count == 1 && form[0].name == pair.name && form[0].value == pair.value, "parseForm(formString(p)) != p for \(pair)")
    }

    private static func isEncodedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }
}
