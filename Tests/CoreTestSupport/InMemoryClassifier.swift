import MirrorBot

/// `FavoriteClassifier` with the real arithmetic (`NaiveBayes`) and counts in
/// memory, training as the Redis script does: `favorite` takes one count back
/// from `normal` (documents and features, never below zero).
public actor InMemoryClassifier: FavoriteClassifier {
    public private(set) var counts = TrainingCounts()
    public let extractor: FeatureExtractor
    public let model: NaiveBayes

    public init(model: NaiveBayes = NaiveBayes(), tokenizer: any Tokenizer = WordTokenizer()) {
        self.model = model
        extractor = FeatureExtractor(tokenizer: tokenizer)
    }

    public func train(text: String, author: String?, as category: ClassifierCategory) {
        let features = extractor.features(text: text, author: author)
        counts.documents[category] += 1
        for feature in features {
            counts.features[feature, default: CategoryCounts()][category] += 1
        }
        guard category == .favorite else { return }
        counts.documents.normal = max(0, counts.documents.normal - 1)
        for feature in features {
            counts.features[feature, default: CategoryCounts()].normal = max(0, counts.features[feature, default: CategoryCounts()].normal - 1)
        }
    }

    public func train(batch examples: [TrainingExample]) {
        for example in examples {
            train(text: example.text, author: example.author, as: example.category)
        }
    }

    public func classify(text: String, author: String?) -> Classification {
        model.classify(features: extractor.features(text: text, author: author), counts: counts)
    }

    public func classify(batch posts: [ClassifierInput]) -> [Classification] {
        posts.map { classify(text: $0.text, author: $0.author) }
    }

    public func clear() {
        counts = TrainingCounts()
    }
}

/// A tokenizer for tests: every space-separated word is a noun.
public struct WordTokenizer: Tokenizer {
    public init() {}

    public func morphemes(_ text: String) -> [Token] {
        text.split(whereSeparator: \.isWhitespace).map { Token(surface: String($0), partOfSpeech: "名詞", subcategory: "一般") }
    }
}
