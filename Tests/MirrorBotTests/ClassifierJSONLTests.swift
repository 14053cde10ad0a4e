import Foundation
import JSONLines
@testable import MirrorBot
import Testing

@Suite("Classifier JSONL formats")
struct ClassifierJSONLTests {
    static func file(_ text: String) -> JSONLinesFile {
        JSONLinesFile(name: "in.jsonl", data: Data(text.utf8))
    }

    @Test("training lines become examples; blank lines are skipped")
    func training() throws {
        let examples = try TrainingJSONL.examples(in: Self.file(
            "\u{FEFF}{\"text\":\"寿司\",\"author\":\"alice\",\"label\":\"favorite\"}\n\n {\"text\":\"会議\",\"author\":null,\"label\":\"normal\",\"x\":1}\r\n"
        ))
        #expect(examples == [TrainingExample(text: "寿司", author: "alice", category: .favorite),
                             TrainingExample(text: "会議", author: nil, category: .normal)])
        #expect(TrainingJSONL.summary(examples) == CategoryCounts(favorite: 1, normal: 1))
    }

    @Test("a bad line is named by its line number", arguments: [
        ("{\"text\":\"a\",\"label\":\"normal\"}\n\n[1]", "line 3: not a JSON object"),
        ("{\"text\":\"a\",\"label\":\"normal\"}\n{\"text\":\"a\"", "line 2: not valid JSON"),
        ("{\"author\":\"a\",\"label\":\"normal\"}", "line 1: \"text\" is missing"),
        ("{\"text\":\"a\",\"author\":3,\"label\":\"normal\"}", "line 1: \"author\" must be a string"),
        ("{\"text\":\"a\",\"label\":\"Favorite\"}", "line 1: \"label\" must be \"favorite\" or \"normal\", got \"Favorite\""),
    ])
    func badTrainingLine(text: String, message: String) {
        #expect { try TrainingJSONL.examples(in: Self.file(text)) } throws: { error in
            (error as? InputError)?.description == "in.jsonl, " + message
        }
    }

    @Test("classify ids are echoed as given, else the line number")
    func ids() throws {
        let entries = try ClassificationJSONL.entries(in: Self.file(
            "{\"id\":\"a\",\"text\":\"t\"}\n{\"text\":\"t\",\"author\":\"b\"}\n{\"id\":18446744073709551615,\"text\":\"t\"}\n{\"id\":-2.5,\"text\":\"t\"}"
        ))
        #expect(entries.map(\.id) == [.string("a"), .integer(2), .unsigned(18_446_744_073_709_551_615), .double(-2.5)])
        #expect(entries.map(\.id.json) == ["\"a\"", "2", "18446744073709551615", "-2.5"])
        #expect(entries[1].input == ClassifierInput(text: "t", author: "b"))
        #expect(throws: InputError.self) { try ClassificationJSONL.entries(in: Self.file("{\"id\":true,\"text\":\"t\"}")) }
    }

    @Test("the output line has id, label, ratio, the threshold in force and features, with strings escaped")
    func outputLine() {
        let verdict = Classification(label: .favorite, ratio: 4.5, features: ["a\"b", "寿司", "x\\\n"], contributions: [])
        #expect(ClassificationJSONL.line(id: .integer(3), classification: verdict)
            == #"{"id":3,"label":"favorite","ratio":4.5,"threshold":3,"features":["a\"b","寿司","x\\\n"]}"#)
        let calibrated = Classification(
            label: .normal, ratio: 0.125, features: [], contributions: [],
            threshold: ThresholdInForce(value: 0.1843, basis: .calibrated(share: 0.048, posts: 900, recent: 900)))
        #expect(ClassificationJSONL.line(id: .string("p"), classification: calibrated)
            == #"{"id":"p","label":"normal","ratio":0.125,"threshold":0.1843,"features":[]}"#)
        #expect(JSONValue.quoted("\u{1}") == "\"\\u0001\"")
        #expect(JSONValue.number(0) == "0")
        #expect(JSONValue.number(1e300) == "1e+300")
    }
}
