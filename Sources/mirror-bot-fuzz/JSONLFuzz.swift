import Foundation
@testable import MirrorBot

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
    static let jsonlClassifier = FuzzTarget(name: "jsonl-classifier", about: "classify/train --jsonl: JSONLinesFile, ClassificationJSONL, TrainingJSONL") { bytes in
        let file = JSONLinesFile(name: "in.jsonl", data: Data(bytes))
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
