import JSONLines
import PostFeatures

/// The JSONL format of `mirror-bot classify --jsonl FILE`.
///
/// Input, one object a line: `{"id"?: string|number, "text": "...", "author": "..."}`
/// (`author` may be empty or null: no author feature).
/// Output, one line per input line, in order:
/// `{"id":…,"label":"favorite"|"normal","ratio":<number>,"threshold":<number>,"features":["…",…]}`,
/// where `id` is the input's id written back as given, or else the input's
/// 1-based line number, `threshold` is the one in force (`label` is `favorite`
/// exactly when `ratio > threshold`), and `features` are all the post's
/// features in the order `FeatureExtractor` found them.
public enum ClassificationJSONL {
    /// A post to classify and the id to answer with.
    public struct Entry: Sendable, Equatable {
        public var id: JSONValue
        public var input: ClassifierInput
    }

    /// Every entry of `file`, in order; the first bad line is an `InputError` with its line number.
    public static func entries(in file: JSONLinesFile) throws -> [Entry] {
        try file.lines { object, line throws(JSONLineError) in try entry(object, line: line) }.map(\.value)
    }

    /// One line's entry (`line` is the id when the line has none).
    public static func entry(_ object: [String: JSONValue], line: Int) throws(JSONLineError) -> Entry {
        let id: JSONValue
        switch object["id"] {
        case nil, .null: id = .integer(Int64(line))
        case .some(let value):
            switch value {
            case .string, .integer, .unsigned, .double: id = value
            default: throw JSONLineError("\"id\" must be a string or a number")
            }
        }
        let text = try object.requiredString("text")
        return Entry(id: id, input: ClassifierInput(text: text, author: try author(object)))
    }

    /// The output line for one entry's verdict.
    public static func line(id: JSONValue, classification: Classification) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(128 + classification.features.reduce(0) { $0 + $1.utf8.count + 3 })
        append(id: id, classification: classification, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the output line for one entry's verdict (`line`'s UTF-8) to `out`.
    public static func append(id: JSONValue, classification: Classification, to out: inout [UInt8]) {
        // Appended as bytes (issue 30: interpolation and a joined array of quoted features were
        // a tenth of `classify --jsonl`, and String's append another tenth).
        out.append(contentsOf: "{\"id\":".utf8)
        JSONValue.appendUTF8(id.json, to: &out)
        out.append(contentsOf: ",\"label\":\"".utf8)
        out.append(contentsOf: classification.label.rawValue.utf8)
        out.append(contentsOf: "\",\"ratio\":".utf8)
        JSONValue.appendUTF8(JSONValue.number(classification.ratio), to: &out)
        out.append(contentsOf: ",\"threshold\":".utf8)
        JSONValue.appendUTF8(JSONValue.number(classification.threshold.value), to: &out)
        out.append(contentsOf: ",\"features\":[".utf8)
        for (index, feature) in classification.features.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.appendQuoted(feature, to: &out)
        }
        out.append(contentsOf: "]}".utf8)
    }

    /// The `author` field: a string, or null / absent for none.
    static func author(_ object: [String: JSONValue]) throws(JSONLineError) -> String? {
        switch object["author"] {
        case nil, .null: return nil
        case .string(let value): return value
        default: throw JSONLineError("\"author\" must be a string")
        }
    }
}
