import Testing
@testable import XAPI

@Suite("RFC 3986 percent-encoding")
struct OAuthPercentEncodingTests {
    @Test("encodes all but the unreserved characters", arguments: [
        ("Ladies + Gentlemen", "Ladies%20%2B%20Gentlemen"),
        ("An encoded string!", "An%20encoded%20string%21"),
        ("Dogs, Cats & Mice", "Dogs%2C%20Cats%20%26%20Mice"),
        ("☃", "%E2%98%83"),
        ("AZaz09-._~", "AZaz09-._~"),
        ("a/b?c=d*e'f(g)", "a%2Fb%3Fc%3Dd%2Ae%27f%28g%29"),
        ("100%", "100%25"),
        ("日本", "%E6%97%A5%E6%9C%AC"),
        ("", ""),
    ])
    func encode(input: String, expected: String) {
        #expect(OAuthPercentEncoding.encode(input) == expected)
        #expect(OAuthPercentEncoding.decode(expected) == input)
    }

    @Test("form decoding turns + into a space, malformed escapes stay")
    func decodeForm() {
        #expect(OAuthPercentEncoding.decode("a+b%20c") == "a b c")
        #expect(OAuthPercentEncoding.decode("a+b", plusIsSpace: false) == "a+b")
        #expect(OAuthPercentEncoding.decode("100%zz") == "100%zz")
        let pairs = OAuthPercentEncoding.parseForm("b=2&a=%3D&c")
        #expect(pairs.map(\.name) == ["b", "a", "c"])
        #expect(pairs.map(\.value) == ["2", "=", ""])
    }

    /// `Int(_:radix:)` accepts a sign: `%+1` once decoded to the byte 0x01 (found by fuzzing, issue 15).
    /// Only two hex digits make an escape, in OAuth's, Mastodon's and the shared coder alike; a
    /// `+` after a kept `%` is still a space in form decoding.
    @Test("only % and two hex digits is an escape: a sign, a space or one digit is kept as is", arguments: [
        ("%+1", "%+1", "% 1"), ("%-1", "%-1", "%-1"), ("%+F", "%+F", "% F"), ("% 1", "% 1", "% 1"), ("%1", "%1", "%1"),
        ("%", "%", "%"), ("%4", "%4", "%4"), ("%%41", "%A", "%A"), ("%0a", "\n", "\n"), ("%2b1", "+1", "+1"),
        ("%x1", "%x1", "%x1"), ("%1g", "%1g", "%1g"), ("%٣٣", "%٣٣", "%٣٣"),
    ])
    func onlyHexDigits(input: String, plain: String, form: String) {
        #expect(OAuthPercentEncoding.decode(input, plusIsSpace: false) == plain)
        #expect(OAuthPercentEncoding.decode(input) == form)
        #expect(OAuthPercentEncoding.parseForm("a=" + input).first?.value == form)
    }
}
