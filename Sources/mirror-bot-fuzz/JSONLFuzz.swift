import Foundation
@testable import JSONLines
import MirrorBot
@testable import MirrorBotImport

extension FuzzTarget {
    /// `mirror-bot import --jsonl`: `JSONLPostReader` line by line, `JSONLPost` decoding.
    static let jsonlPosts = FuzzTarget(name: "jsonl-posts", about: "import --jsonl: JSONLPostReader, JSONLPost") { bytes in
        var collector = PostCollector()
        expectingInputErrors {
            try JSONLPostReader(path: "posts.jsonl", dates: .jsonl(now: fuzzNow)).forEachPost(in: bytes) { post in
                exercise(post)
                collector.add(post)
            }
        }
        _ = collector.takeNewest(3)
    }

    /// `classify --jsonl` and `train classifier --jsonl`: `JSONLinesFile`, `ClassificationJSONL`,
    /// `TrainingJSONL`; each output line must be one JSON object giving back the input's text.
    static let jsonlClassifier = FuzzTarget(name: "jsonl-classifier", about: "classify/train --jsonl: JSONLinesFile, FlatJSONObject against JSONDecoder, ClassificationJSONL, TrainingJSONL") { bytes in
        let file = JSONLinesFile(name: "in.jsonl", data: Data(bytes))
        // The hand-written reader (issue 30) must agree with JSONDecoder on every line it reads.
        if String(validating: bytes, as: UTF8.self) != nil {
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let flat = Array(line).withUnsafeBufferPointer { FlatJSONObject.parse($0) }
                guard let flat else { continue }
                let reference = try? JSONValue.object(parsing: Substring(String(decoding: line, as: UTF8.self)))
                fuzzCheck(flat == reference, "FlatJSONObject read \(flat) where JSONDecoder read \(String(describing: reference))")
            }
        }
        expectingInputErrors {
            for entry in try ClassificationJSONL.entries(in: file) {
                let found = features(entry.input.text, author: entry.input.author)
                let line = ClassificationJSONL.line(
                    id: entry.id, classification: Classification(label: .normal, ratio: .nan, features: found, contributions: []))
                let object = try? JSONValue.object(parsing: Substring(line))
                fuzzCheck(object != nil, "the output line is not a JSON object: \(line)")
                let written = "{\"text\":\(JSONValue.quoted(entry.input.text))}"
                let reread = try? JSONValue.object(parsing: Substring(written))
                fuzzCheck(reread?["text"] == .string(entry.input.text), "quoted() does not give the text back: \(written)")
            }
        }
        expectingInputErrors {
            let examples = try TrainingJSONL.examples(in: file)
            _ = TrainingJSONL.summary(examples)
        }
    }
}
