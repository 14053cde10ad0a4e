import MirrorBot
import PostFeatures

/// `ClassifierStore` in memory: the counts and the windows, learned as the Redis scripts
/// learn them (`ClassifierScript`): `takesBack` takes one count back from `normal`
/// (documents and features, never below zero), and a sample batch joins the windows and
/// takes the threshold and the words' scale anew by `Calibration`'s rule (windows of a
/// formula older than `Calibration.windowsSince` start anew, as in the script).
public actor InMemoryClassifierStore: ClassifierStore {
    public private(set) var counts = TrainingCounts()
    public private(set) var window = CalibrationWindow()

    public init() {}

    public func counts(for features: [String]) -> TrainingCounts {
        var answer = counts
        answer.features = counts.features.filter { features.contains($0.key) && $0.value.total > 0 }
        return answer
    }

    public func learn(_ posts: [LearnedPost], calibratingWith pooled: PooledBayes?) {
        for post in posts {
            counts.learn(post.features, as: post.category, takingBack: post.takesBack)
            guard pooled != nil else { continue }
            counts.sample.posts[post.category] += 1
            if post.movesInSample {
                counts.sample.posts.normal = max(0, counts.sample.posts.normal - 1)
            }
        }
        guard let pooled else { return }
        if counts.sample.formula != Calibration.formula {
            if counts.sample.formula < Calibration.windowsSince {
                window = CalibrationWindow()
            }
            counts.sample.formula = Calibration.formula
        }
        for post in posts {
            window.learn(post.features, as: post.category, seenAsNormal: post.seenAsNormal)
        }
        counts.sample.recent = window.count
        let calibrated = Calibration.calibrate(window, counts: counts, pooled: pooled)
        counts.sample.logThreshold = calibrated?.logThreshold
        counts.sample.textScale = calibrated?.textScale ?? 1
    }

    public func calibrationWindow() -> CalibrationWindow {
        window
    }

    public func clear() {
        counts = TrainingCounts()
        window = CalibrationWindow()
    }
}

/// The favorite classifier over memory: the shipped rule (`auto` unless told), words as features.
public typealias InMemoryClassifier = CountingClassifier<InMemoryClassifierStore>

extension CountingClassifier where Store == InMemoryClassifierStore {
    public init(threshold: FavoriteThreshold = .auto, tokenizer: any Tokenizer = WordTokenizer(), learning: ClassifierLearning = .sample) {
        self.init(store: InMemoryClassifierStore(), extractor: FeatureExtractor(tokenizer: tokenizer), rule: FavoriteRule(threshold: threshold), learning: learning)
    }
}

/// A tokenizer for tests: every space-separated word is a noun.
public struct WordTokenizer: Tokenizer {
    public init() {}

    public func morphemes(_ text: String) -> [Token] {
        text.split(whereSeparator: \.isWhitespace).map { Token(surface: String($0), partOfSpeech: "名詞", subcategory: "一般") }
    }
}
