import CBOR
import Foundation
import TestSupport
import Testing

@Suite("CBOR through libcbor")
struct CBORDecoderTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }

    @Test("RFC 8949's examples decode to their values", arguments: [
        ("00", CBORValue.unsigned(0)), ("1903e8", .unsigned(1000)), ("1bffffffffffffffff", .unsigned(.max)), ("3863", .negative(99)),
        ("4401020304", .bytes([1, 2, 3, 4])), ("6449455446", .text("IETF")), ("62c3bc", .text("ü")),
        ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        ("a201020304", .map([CBORPair(.unsigned(1), .unsigned(2)), CBORPair(.unsigned(3), .unsigned(4))])),
        ("d82a4500010203ff", .tagged(42, .bytes([0, 1, 2, 3, 255]))), ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null),
        ("fb3ff199999999999a", .float(1.1)),
    ])
    func examples(hex: String, expected: CBORValue) throws {
        #expect(try CBORDecoder.decode(Self.bytes(hex)[...]) == expected)
    }

    @Test("the test writer's output decodes to what it wrote, keys in DAG-CBOR order")
    func roundTrip() throws {
        let value = CBORValue.object([
            "text": .text("今日もいい天気だ 🌞"), "e": .array([.object(["p": .unsigned(3), "k": .bytes([0x61, 0x62])])]),
            "createdAt": .text("2024-05-01T10:00:00.000Z"), "n": .negative(5), "ok": .bool(true), "big": .unsigned(70_000),
        ])
        let encoded = CBORWriter.encode(value)
        let decoded = try CBORDecoder.decode(encoded[...])
        guard case .map(let pairs) = decoded else { Issue.record("not a map"); return }
        #expect(pairs.map(\.key) == [.text("e"), .text("n"), .text("ok"), .text("big"), .text("text"), .text("createdAt")])
        #expect(decoded["text"] == .text("今日もいい天気だ 🌞"))
        #expect(decoded["big"] == .unsigned(70_000))
    }

    @Test("decodeFirst says how many bytes the item took")
    func first() throws {
        let (value, length) = try CBORDecoder.decodeFirst(Self.bytes("6449455446ff00")[...])
        #expect(value == .text("IETF"))
        #expect(length == 5)
    }

    @Test("truncated, malformed, indefinite and trailing bytes are refused with a kind and an offset", arguments: [
        ("64494554", CBORError.Kind.truncated), ("", .truncated), ("1c", .malformed), ("5f42010243030405ff", .unsupported),
        ("0000", .malformed), ("62c328", .malformed),
    ])
    func refusals(hex: String, kind: CBORError.Kind) {
        #expect { try CBORDecoder.decode(Self.bytes(hex)[...]) } throws: { error in
            (error as? CBORError)?.kind == kind
        }
    }

    /// libcbor 0.8 mallocs an announced array's slots at once: this was 15 GB (found by fuzzing the `.car` reader, issue 15).
    @Test("an array or map announcing more items than bytes left is refused as truncated before libcbor allocates it", arguments: [
        ("9b000000039393870000", "an array of 15360820992 items cannot fit in the 1 bytes left"),
        ("a1616182009bffffffffffffffff", "an array of 18446744073709551615 items cannot fit in the 0 bytes left"),
        ("bb0000000100000000", "a map of 4294967296 pairs cannot fit in the 0 bytes left"),
        ("830102a3", "a map of 3 pairs cannot fit in the 0 bytes left"),
        ("d82a9a7fffffff00", "an array of 2147483647 items cannot fit in the 1 bytes left"),
    ])
    func hugeCounts(hex: String, message: String) throws {
        let error = try #require(throws: CBORError.self) { try CBORDecoder.decode(Self.bytes(hex)[...]) }
        #expect(error.kind == .truncated)
        #expect(error.message == message)
    }

    @Test("an indefinite-length array is refused before libcbor reads it, whatever it holds")
    func indefiniteFirst() throws {
        let error = try #require(throws: CBORError.self) { try CBORDecoder.decode(Self.bytes("9f9b000000039393870000ff")[...]) }
        #expect(error.kind == .unsupported)
        #expect(error.offset == 0)
    }

    @Test("counts that fit still decode: every item of an array at the limit of the bytes")
    func countsThatFit() throws {
        #expect(try CBORDecoder.decode(Self.bytes("8500010203f6")[...]) == .array([.unsigned(0), .unsigned(1), .unsigned(2), .unsigned(3), .null]))
        #expect(try CBORDecoder.decode(Self.bytes("a201020304")[...]) == .map([CBORPair(.unsigned(1), .unsigned(2)), CBORPair(.unsigned(3), .unsigned(4))]))
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow")
    func deep() {
        let bytes = [UInt8](repeating: 0x81, count: 1000) + [0x00]
        #expect { try CBORDecoder.decode(bytes[...]) } throws: { error in
            [.unsupported, .malformed, .outOfMemory].contains((error as? CBORError)?.kind)
        }
    }
}
