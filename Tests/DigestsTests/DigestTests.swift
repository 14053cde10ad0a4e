import Digests
import Testing

@Suite("Digest: SHA-256 and HMAC-SHA1 as their standards' vectors give them")
struct DigestTests {
    @Test("SHA-256 of FIPS 180-2's vectors: empty, abc, the 448-bit message, a million a's; of a slice as of its copy")
    func sha256() {
        #expect(Digest.hex(Digest.sha256([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.hex(Digest.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Digest.hex(Digest.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let bytes = Array("xxabcxx".utf8)
        #expect(Digest.sha256(bytes[2..<5]) == Digest.sha256(Array("abc".utf8)))
        #expect(Digest.sha256("abc".utf8) == Digest.sha256(Array("abc".utf8)))
    }

    @Test("HMAC-SHA1 of RFC 2202's first, second and sixth cases (a key longer than the block)")
    func hmacSHA1() {
        #expect(Digest.hex(Digest.hmacSHA1(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
            == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(Digest.hex(Digest.hmacSHA1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(Digest.hex(Digest.hmacSHA1(
            key: [UInt8](repeating: 0xaa, count: 80), message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
    }
}
