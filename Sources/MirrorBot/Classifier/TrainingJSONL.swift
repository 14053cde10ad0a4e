import JSONLines

/// The JSONL training format of `mirror-bot train classifier --jsonl FILE`:
/// one object a line, `{"text": "...", "author": "...", "label": "favorite"|"normal"}`.
///
/// `text` and `author` are strings (`author` may be empty or null: no author
/// feature); `label` is one of the two categories. Other fields are ignored,
/// so a `classify --jsonl` input with labels added can be fed back as is.
public enum TrainingJSONL {
    /// Every example of `file`, in order; the first bad line is an `InputError` with its line number.
    public static func examples(in file: JSONLinesFile) throws -> [TrainingExample] {
        try file.lines { object, _ throws(JSONLineError) in try example(object) }.map(\.value)
    }

    /// One line's example.
    public static func example(_ object: [String: JSONValue]) throws(JSONLineError) -> TrainingExample {
        let text = try object.requiredString("text")
        let author = try ClassificationJSONL.author(object)
        let label = try object.requiredString("label")
        guard let category = ClassifierCategory(rawValue: label) else {
            throw JSONLineError("\"label\" must be \"favorite\" or \"normal\", got \(JSONValue.quoted(label))")
        }
        return TrainingExample(text: text, author: author, category: category)
    }

    /// How many examples of each category.
    public static func summary(_ examples: [TrainingExample]) -> CategoryCounts {
        var counts = CategoryCounts()
        for example in examples {
            counts[example.category] += 1
        }
        return counts
    }
}
