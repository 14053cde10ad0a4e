/// Trains the classifier with posts it has not learned before, each once:
/// the post ids are recorded first, and forgotten again if training fails.
/// Used by the daemon's learning, `train classifier` and archive import.
public struct OnceTrainer: Sendable {
    public let classifier: any FavoriteClassifier
    public let marks: any TrainingMarks

    public init(classifier: any FavoriteClassifier, marks: any TrainingMarks) {
        self.classifier = classifier
        self.marks = marks
    }

    /// Trains the examples whose ids were not learned as `category` before; returns how many.
    /// A favorite learned as `normal` before (seen on the home timeline, liked later) says so
    /// (`TrainingExample.seenAsNormal`), so the like share counts it once.
    @discardableResult
    public func train(_ items: [(id: String, text: String, author: String?)], as category: ClassifierCategory) async throws -> Int {
        guard !items.isEmpty else { return 0 }
        let seenAsNormal = category == .favorite ? try await marks.trained(items.map(\.id), as: .normal) : []
        let fresh = try await marks.markTrained(items.map(\.id), as: category)
        var seen = Set<String>()
        let examples = items.filter { fresh.contains($0.id) && seen.insert($0.id).inserted }.map {
            TrainingExample(text: $0.text, author: $0.author, category: category, seenAsNormal: seenAsNormal.contains($0.id))
        }
        do {
            try await classifier.train(batch: examples)
        } catch {
            // Not learned after all: let a later round learn them.
            try? await marks.forgetTrained(Array(fresh), as: category)
            throw error
        }
        return examples.count
    }
}
