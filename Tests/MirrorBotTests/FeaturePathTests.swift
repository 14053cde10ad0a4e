import Foundation
@testable import JSONLines
@testable import MirrorBot
@testable import PostFeatures
import Testing

/// The feature path's fast steps against the slow ones they replace (issue 30).
@Suite("Feature path: fast steps give the slow steps' results")
struct FeaturePathTests {
    /// The ranges `PostText.compatibilityNormalized` decides alone, and their neighbours.
    static let scalarRanges: [ClosedRange<UInt32>] = [
        0x00...0xFF, 0x2FF0...0x30FF, 0x3100...0x3110, 0x4DF0...0x4E10, 0x9FF0...0xA010, 0xFF00...0xFFEF,
    ]

    @Test("NFKC of each scalar, alone, after a letter and before a combining mark, equals Foundation's")
    func compatibilityNormalizedScalars() {
        for range in Self.scalarRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for text in [String(scalar), "a" + String(scalar), String(scalar) + "\u{301}", "カ" + String(scalar) + "\u{3099}"] {
                    let fast = PostText.compatibilityNormalized(text)
                    let foundation = text.precomposedStringWithCompatibilityMapping
                    #expect(fast.unicodeScalars.elementsEqual(foundation.unicodeScalars), "U+\(String(value, radix: 16)) in \(text.debugDescription)")
                }
            }
        }
    }

    @Test("NFKC of whole posts equals Foundation's", arguments: [
        "今日は東京で寿司を食べました。", "ラーメン最高！！ＳＷＩＦＴ　と ｶﾀｶﾅ", "ー〜~", "㍻①ﬁle", "e\u{301}", "ガ", "か\u{3099}",
        "#寿司 @alice https://example.com/ａ", "\u{FEFF}x\r\ny", "",
    ])
    func compatibilityNormalizedTexts(text: String) {
        #expect(PostText.compatibilityNormalized(text).unicodeScalars.elementsEqual(text.precomposedStringWithCompatibilityMapping.unicodeScalars))
    }

    @Test("the noun surface filter decides as String's comparisons do", arguments: [
        "寿司", "a", "ab", "Ab", "://", "1", "12", "ー", "ーー", "〜ー", "~", "~~", "ーa", "é", "e\u{301}", "\r\n", "_", "a_", "Ω", "",
    ])
    func countedSurface(surface: String) {
        let expected = surface.contains(where: \.isLetter) && !(surface.count == 1 && surface.first?.isASCII == true)
            && !surface.allSatisfy({ $0 == "ー" || $0 == "〜" || $0 == "~" })
        #expect(FeatureExtractor.isCountedSurface(surface) == expected)
        #expect(FeatureExtractor.lowercased(surface) == surface.lowercased())
    }

    @Test("the author feature trims as Foundation does", arguments: [
        "alice", "@Alice", " bob ", "\u{3000}eve\u{3000}", "@", "", " ", "\tx", "x\n", "Ünïcode", "@@a",
    ])
    func authorFeature(author: String) {
        var name = author.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.hasPrefix("@") { name.removeFirst() }
        #expect(FeatureExtractor.authorFeature(author) == (name.isEmpty ? nil : "@author:" + name.lowercased()))
    }

    @Test("the flat-object reader agrees with JSONDecoder, or leaves the line to it", arguments: [
        #"{"id":1,"text":"寿司","author":null}"#, #" { "text" : "a\"b\\c\/\n\u00e9\ud83d\ude00" , "x":true,"y":false } "#,
        #"{"id":-9223372036854775808,"text":""}"#, #"{"id":18446744073709551615}"#, #"{"id":9223372036854775808}"#,
        #"{}"#, #"{"a":"b","a":"c"}"#, #"{"id":1.5}"#, #"{"id":-0}"#, #"{"id":01}"#, #"{"id":1e2}"#, #"{"t":"\ud800"}"#,
        #"{"t":"a"} x"#, #"{"t":"a",}"#, #"[1]"#, #"{"t":[1,{"u":2}]}"#, "{\"t\":\"a\tb\"}", #"{"t":"\x"}"#, #"{"t":"\u12"}"#,
        #"{"t":nul}"#, #"{"t":"a""#, #"{"t" "a"}"#, #"{"t":18446744073709551616}"#,
    ])
    func flatReader(line: String) {
        let reference = try? JSONValue.object(parsing: Substring(line))
        var bytes = Array(line.utf8)
        let flat = bytes.withUnsafeMutableBufferPointer { FlatJSONObject.parse(UnsafeBufferPointer($0)) }
        if let flat {
            #expect(flat == reference)
        }
        if line.hasPrefix(#"{"id":1,"#) || line.hasPrefix(#" { "text""#) || line == "{}" {
            #expect(flat != nil, "a flat object is read without JSONDecoder")
        }
    }

    @Test("CRLF line ends end lines, and blank lines keep their numbers")
    func crlfLines() throws {
        let file = JSONLinesFile(name: "in.jsonl", data: Data("\r\n{\"text\":\"a\"}\r\n{\"text\":\"b\"}\r\n\u{3000}\n{\"text\":\"c\"}".utf8))
        let entries = try ClassificationJSONL.entries(in: file)
        #expect(entries.map(\.id) == [.integer(2), .integer(3), .integer(5)])
        #expect(entries.map(\.input.text) == ["a", "b", "c"])
        #expect { try ClassificationJSONL.entries(in: JSONLinesFile(name: "in.jsonl", data: Data("{\"text\":\"a\"}\r\n{\"text\":\"b\",\r\n".utf8))) } throws: { error in
            (error as? InputError)?.description == "in.jsonl, line 2: not valid JSON"
        }
    }

    @Test("strongestFirst orders by log ratio, ties in feature order")
    func strongestFirst() {
        let contributions = [
            FeatureContribution(feature: "a", favorite: 0.2, normal: 0.2), FeatureContribution(feature: "b", favorite: 0.9, normal: 0.1),
            FeatureContribution(feature: "c", favorite: 0.1, normal: 0.9), FeatureContribution(feature: "d", favorite: 0.3, normal: 0.3),
        ]
        #expect(NaiveBayes.strongestFirst(contributions).map(\.feature) == ["b", "a", "d", "c"])
    }
}
