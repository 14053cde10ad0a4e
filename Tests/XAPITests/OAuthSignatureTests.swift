import Foundation
import Testing
@testable import XAPI

@Suite("OAuth 1.0a signatures")
struct OAuthSignatureTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var name: String
        var method: String
        var url: String
        var form: [String: String]
        var credentials: OAuthCredentials
        var nonce: String
        var timestamp: Int
        var includesVersion: Bool
        var expected: String
        var testDescription: String { name }
    }

    static let xCredentials = OAuthCredentials(
        consumerKey: "xvz1evFS4wEEPTGEFPHBog", consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
        accessToken: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
        accessTokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE")
    static let rfcCredentials = OAuthCredentials(
        consumerKey: "dpf43f3p2l4k3l03", consumerSecret: "kd94hf93k423kf44", accessToken: "nnch734d00sl2jdk",
        accessTokenSecret: "pfkkdhi9sl3r4s00")
    static let status = ["status": "Hello Ladies + Gentlemen, a signed OAuth request!"]

    static let vectors: [Vector] = [
        Vector(
            name: "X's example on api.twitter.com", method: "POST",
            url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true", form: status,
            credentials: xCredentials, nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp: 1_318_622_958,
            includesVersion: true, expected: "hCtSmYh+iHYCEqBWrE7C7hYmtUk="),
        Vector(
            name: "X's example on api.x.com", method: "POST",
            url: "https://api.x.com/1.1/statuses/update.json?include_entities=true", form: status,
            credentials: xCredentials, nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp: 1_318_622_958,
            includesVersion: true, expected: "Ls93hJiZbQ3akF3HF3x1Bz8/zU4="),
        Vector(
            name: "RFC 5849 section 1.2", method: "GET",
            url: "http://photos.example.net/photos?file=vacation.jpg&size=original", form: [:],
            credentials: rfcCredentials, nonce: "chapoH", timestamp: 137_131_202, includesVersion: false,
            expected: "MdpQcU8iPSUjWoN/UDMsK2sui9I="),
        Vector(
            name: "OAuth Core 1.0 appendix A.5", method: "GET",
            url: "http://photos.example.net/photos?file=vacation.jpg&size=original", form: [:],
            credentials: rfcCredentials, nonce: "kllo9940pd9333jh", timestamp: 1_191_242_096, includesVersion: true,
            expected: "tR3+Ty81lMeYAr/Fid0kMTYa/WM="),
    ]

    @Test("published signature vectors", arguments: vectors)
    func publishedVectors(vector: Vector) throws {
        let url = try #require(URL(string: vector.url))
        let signer = OAuthSigner(credentials: vector.credentials, includesVersion: vector.includesVersion)
        let form = vector.form.map { (name: $0.key, value: $0.value) }
        let signature = signer.signature(
            method: vector.method, url: url, formParameters: form, nonce: vector.nonce, timestamp: vector.timestamp)
        #expect(signature == vector.expected)
    }

    @Test("the base string of X's example")
    func xBaseString() throws {
        let url = try #require(URL(string: "https://api.x.com/1.1/statuses/update.json?include_entities=true"))
        let signer = OAuthSigner(credentials: Self.xCredentials)
        let parameters =
            OAuthSignature.queryParameters(of: url) + [("status", Self.status["status"] ?? "")]
            + signer.protocolParameters(nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp: 1_318_622_958)
        let base = OAuthSignature.baseString(
            method: "post", baseURI: OAuthSignature.baseURI(of: url), parameters: parameters)
        #expect(base.hasPrefix("POST&https%3A%2F%2Fapi.x.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26"))
        #expect(base.contains("status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521"))
    }

    @Test("base URI drops default ports and keeps others", arguments: [
        ("HTTP://Example.COM:80/r%20v", "http://example.com/r%20v"),
        ("https://api.x.com:443/2/tweets", "https://api.x.com/2/tweets"),
        ("http://127.0.0.1:8080/2/users/me?x=1", "http://127.0.0.1:8080/2/users/me"),
    ])
    func baseURI(input: String, expected: String) throws {
        let url = try #require(URL(string: input))
        #expect(OAuthSignature.baseURI(of: url) == expected)
    }

    @Test("the Authorization header round-trips through the parser")
    func headerRoundTrip() throws {
        let url = try #require(URL(string: "https://api.x.com/2/users/me"))
        let header = OAuthSigner(credentials: Self.xCredentials).authorizationHeader(
            method: "GET", url: url, nonce: "abc+/=", timestamp: 1)
        let parsed = try #require(OAuthHeader.parse(header))
        #expect(parsed["oauth_nonce"] == "abc+/=")
        #expect(parsed["oauth_token"] == Self.xCredentials.accessToken)
        #expect(parsed["oauth_signature_method"] == "HMAC-SHA1")
        #expect(parsed["oauth_signature"]?.isEmpty == false)
        #expect(OAuthHeader.parse("Bearer abc") == nil)
    }

    @Test("credentials never print their secrets")
    func credentialsRedacted() {
        let text = "\(Self.xCredentials) \(String(reflecting: Self.xCredentials))"
        #expect(!text.contains(Self.xCredentials.consumerSecret))
        #expect(!text.contains(Self.xCredentials.accessTokenSecret))
        #expect(!text.contains(Self.xCredentials.consumerKey))
        #expect(!text.contains("GmHxMAgY"))
    }
}
