import BlueskyAPI
import CBOR
import Foundation
@testable import MirrorBotBluesky
import Testing
import TestSupport

/// The AT Protocol's own interoperability test vectors (`../shared/specs/atproto-interop-tests`,
/// from bluesky-social/atproto-interop-tests, CC0): every line of `syntax/*_valid.txt` is
/// accepted and every line of `*_invalid.txt` refused by the parsers mirror-bot uses, and
/// the data-model fixtures decode and re-derive their CIDs.
@Suite("AT Protocol interop vectors")
struct ATProtoInteropTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/specs/atproto-interop-tests")

    /// The vector lines of `name` (comments and blank lines left out; spaces kept: they are part of the vectors).
    static func lines(_ name: String) throws -> [String]? {
        let url = root.appendingPathComponent("syntax/\(name)")
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("atproto-interop-tests not found at \(root.path): \(name) not checked")
            return nil
        }
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    static let parsers: [(String, @Sendable (String) -> Bool)] = [
        ("did", ATProtoSyntax.isDID),
        ("handle", ATProtoSyntax.isHandle),
        ("nsid", ATProtoSyntax.isNSID),
        ("recordkey", ATProtoSyntax.isRecordKey),
        ("tid", { TID.isValid($0) }),
        ("aturi", ATProtoSyntax.isATURI),
        ("datetime", ATProtoSyntax.isDatetime),
    ]

    @Test("each parser accepts every valid line and refuses every invalid one", arguments: parsers.map(\.0))
    func syntax(kind: String) throws {
        let parse = try #require(Self.parsers.first { $0.0 == kind }?.1)
        guard let valid = try Self.lines("\(kind)_syntax_valid.txt"), let invalid = try Self.lines("\(kind)_syntax_invalid.txt") else { return }
        #expect(!valid.isEmpty && !invalid.isEmpty)
        for line in valid { #expect(parse(line), "\(kind) valid line refused: \(line.debugDescription)") }
        for line in invalid { #expect(!parse(line), "\(kind) invalid line accepted: \(line.debugDescription)") }
        print("atproto-interop \(kind): \(valid.count) valid accepted, \(invalid.count) invalid refused")
    }

    @Test("datetimes that parse as syntax but name no instant are refused; valid ones give an instant")
    func datetimes() throws {
        guard let invalid = try Self.lines("datetime_parse_invalid.txt"), let valid = try Self.lines("datetime_syntax_valid.txt") else { return }
        for line in invalid { #expect(ATProtoSyntax.date(line) == nil, "\(line.debugDescription)") }
        for line in valid { #expect(ATProtoSyntax.date(line) != nil, "\(line.debugDescription)") }
        #expect(ATProtoSyntax.date("1985-04-12T23:20:50.123-07:00") == Date(timeIntervalSince1970: 482_221_250.123))
    }

    @Test("an AT-URI the vectors refuse is no ATURI; a record URI they accept is one")
    func aturi() throws {
        guard let invalid = try Self.lines("aturi_syntax_invalid.txt"), let valid = try Self.lines("aturi_syntax_valid.txt") else { return }
        for line in invalid { #expect(ATURI(line) == nil, "\(line.debugDescription)") }
        let records = valid.filter { $0.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).count == 3 }
        #expect(records.count > 10)
        for line in records { #expect(ATURI(line)?.description == line) }
    }

    @Test("the data-model fixtures decode as DAG-CBOR and re-derive their CIDs")
    func dataModel() throws {
        let url = Self.root.appendingPathComponent("data-model/data-model-fixtures.json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("atproto-interop-tests not found at \(Self.root.path): data-model fixtures not checked")
            return
        }
        struct Fixture: Decodable {
            var cbor_base64: String
            var cid: String
        }
        let fixtures = try JSONDecoder().decode([Fixture].self, from: Data(contentsOf: url))
        #expect(fixtures.count >= 3)
        for fixture in fixtures {
            var base64 = fixture.cbor_base64
            while base64.count % 4 != 0 { base64 += "=" }
            let bytes = try #require(Data(base64Encoded: base64).map { [UInt8]($0) })
            _ = try CBORDecoder.decode(bytes[...])
            let cid = BlueskyCID(bytes: [0x01, 0x71, 0x12, 0x20] + BlueskyExportFixture.sha256(bytes))
            #expect(cid.description == fixture.cid)
            #expect(cid.mismatch(bytes[...]) == nil)
            var altered = bytes
            altered[altered.count / 2] ^= 0x01
            #expect(cid.mismatch(altered[...]) != nil)
        }
        print("atproto-interop data-model: \(fixtures.count) fixtures decoded, CIDs re-derived")
    }
}
