import PostFeatures

/// The two categories of the favorite classifier.
public enum ClassifierCategory: String, Sendable, Hashable, CaseIterable, Codable {
    /// Posts the human liked.
    case favorite
    /// Posts the human saw on their home timeline and did not like.
    case normal
}

/// A count per category: documents trained, or how often one feature was seen.
public struct CategoryCounts: Sendable, Hashable {
    public var favorite: Int
    public var normal: Int

    public init(favorite: Int = 0, normal: Int = 0) {
        self.favorite = favorite
        self.normal = normal
    }

    public subscript(category: ClassifierCategory) -> Int {
        get { category == .favorite ? favorite : normal }
        set {
            switch category {
            case .favorite: favorite = newValue
            case .normal: normal = newValue
            }
        }
    }

    /// Both categories together.
    public var total: Int { favorite + normal }
}

/// What the classifier knows about a set of features: document counts per
/// category and, for each feature asked about, its count per category.
/// Features that are absent count zero. `sample` is what it knows of the
/// human's like share, for `FAVORITE_RATE_THRESHOLD=auto`.
public struct TrainingCounts: Sendable, Equatable {
    public var documents: CategoryCounts
    /// The features' counts, hashed on their bytes when they are plain NFC (`FeatureDictionary`).
    public var featureCounts: FeatureDictionary<CategoryCounts>
    public var sample: LikeShareSample

    /// `featureCounts` keyed by String.
    public var features: [String: CategoryCounts] {
        get { featureCounts.dictionary }
        set { featureCounts = FeatureDictionary(newValue) }
    }

    public init(
        documents: CategoryCounts = CategoryCounts(), features: [String: CategoryCounts] = [:],
        sample: LikeShareSample = LikeShareSample()
    ) {
        self.documents = documents
        self.featureCounts = FeatureDictionary(features)
        self.sample = sample
    }

    public func counts(of feature: String) -> CategoryCounts {
        featureCounts[feature] ?? CategoryCounts()
    }

    /// The counts after learning one post (distinct `features`) as `category`, as the
    /// training script counts it: `takingBack` also takes one back from `normal`, the
    /// document and each feature, never below zero.
    public mutating func learn(_ post: [String], as category: ClassifierCategory, takingBack: Bool) {
        documents[category] += 1
        for feature in post {
            var counts = featureCounts[feature] ?? CategoryCounts()
            counts[category] += 1
            featureCounts[feature] = counts
        }
        guard takingBack else { return }
        documents.normal = max(0, documents.normal - 1)
        for feature in post {
            var counts = counts(of: feature)
            counts.normal = max(0, counts.normal - 1)
            featureCounts[feature] = counts
        }
    }
}
