import Foundation
import Testing
@testable import MirrorBot
@testable import MirrorBotImport

@Suite("A repeated JSON key keeps its last value, as JavaScript, Python and Ruby read it (issue 22)")
struct JSONLastKeyWinsTests {
    struct Outbox: Decodable {
        var orderedItems: [Int]
    }

    func decoded(_ text: String) throws -> Outbox {
        try JSONDecoder().decode(Outbox.self, from: JSONLastKeyWins.keepingLast(Data(text.utf8)))
    }

    @Test("the 2024 Mastodon export's shape: an empty orderedItems, then the real one")
    func emptyThenReal() throws {
        let text = #"{"id":"outbox.json","totalItems":3,"orderedItems":[],"orderedItems":[1,2,3]}"#
        // What Foundation alone does: the first value, the import of nothing this issue is about.
        #expect(try JSONDecoder().decode(Outbox.self, from: Data(text.utf8)).orderedItems == [])
        #expect(try decoded(text).orderedItems == [1, 2, 3])
        #expect(JSONLastKeyWins.repeatedMembers(in: Data(text.utf8)) == 1)
    }

    @Test("the real items first, then an empty one: the last (empty) value, as every other reader sees it")
    func realThenEmpty() throws {
        #expect(try decoded(#"{"orderedItems":[1,2,3],"orderedItems":[]}"#).orderedItems == [])
    }

    @Test("only the repeated members are blanked, with spaces, keeping length and lines", arguments: [
        (#"{"a":1,"a":2}"#, #"{      "a":2}"#),
        ("{\"a\":{\"x\":[1,{\"y\":2}]},\n\"b\":0,\"a\":3}", "{" + String(repeating: " ", count: 22) + "\n\"b\":0,\"a\":3}"),
        (#"{"a":{"b":1,"b":2},"b":1}"#, #"{"a":{      "b":2},"b":1}"#),
        (#"[{"k":1,"k":2},{"k":3}]"#, #"[{      "k":2},{"k":3}]"#),
        (#"{"k\u0061":1,"ka":2,"kb":3}"#, #"{            "ka":2,"kb":3}"#),
        (#"{"\ud83d\ude00":1,"😀":2}"#, #"{                 "😀":2}"#),
        (#"{"a":"x","b":"y","a":"z","a":null}"#, #"{        "b":"y",        "a":null}"#),
    ])
    func blanked(input: String, output: String) {
        #expect(String(decoding: JSONLastKeyWins.keepingLast(Data(input.utf8)), as: UTF8.self) == output)
    }

    @Test("text that is not JSON is given back unchanged, for the decoder to refuse", arguments: [
        #"{"a":1,"a":2"#, #"{"a":01,"a":2}"#, #"{"a":1,"a":2}}"#, #"{"a":1,,"a":2}"#, #"{"a":tru,"a":2}"#,
        "{\"a\":\"\u{1}\",\"a\":2}", #"{"a":"\x","a":2}"#, #"{"a":1,"a":2,}"#, #"{"a" 1,"a":2}"#, #"[1,"a":2]"#, "",
        #"{"a":1}{"a":2}"#, #"{"a":[1,"a":2}"#,
        // Lone surrogates, which Foundation's decoder refuses: blanking the member holding one must not hide it.
        #"{"a":{"\ud800x":1},"a":2}"#, #"{"a":"\udc00","a":2}"#, #"{"a":"\ud800\u0041","a":2}"#,
    ])
    func invalid(text: String) {
        #expect(JSONLastKeyWins.keepingLast(Data(text.utf8)) == Data(text.utf8))
        #expect(JSONLastKeyWins.repeatedMembers(in: Data(text.utf8)) == 0)
    }

    @Test("invalid UTF-8 is given back unchanged")
    func invalidUTF8() {
        let data = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x2C, 0x22, 0x61, 0x22, 0x3A, 0x31, 0x7D])
        #expect(JSONLastKeyWins.keepingLast(data) == data)
    }

    @Test("nesting 100,000 deep is walked without recursion")
    func deep() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONLastKeyWins.repeatedMembers(in: Data(text.utf8)) == 0)
        let objects = String(repeating: #"{"a":"#, count: 50_000) + "1" + String(repeating: #","a":2}"#, count: 50_000)
        #expect(JSONLastKeyWins.repeatedMembers(in: Data(objects.utf8)) == 50_000)
    }

    @Test("an object of 40,000 keys, half repeated, in one pass")
    func wide() {
        let members = (0..<20_000).map { #""k\#($0)":0"# } + (0..<20_000).map { #""k\#($0)":1"# }
        let data = Data(("{" + members.joined(separator: ",") + "}").utf8)
        #expect(JSONLastKeyWins.repeatedMembers(in: data) == 20_000)
    }

    @Test("counts are written with commas between thousands", arguments: [(0, "0"), (999, "999"), (1586, "1,586"), (1_000_000, "1,000,000"), (-12345, "-12,345")])
    func grouped(value: Int, text: String) {
        #expect(value.grouped == text)
    }
}
