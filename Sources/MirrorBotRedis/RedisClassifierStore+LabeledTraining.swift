import MirrorBot
/// Training from labeled data (`train classifier --jsonl`), where each post
/// carries exactly one label.
///
/// Unlike `train(batch:)`, a `favorite` here takes nothing back from `normal`:
/// the take-back exists because a liked post was already learnt as `normal`
/// when it appeared on the home timeline, while a labeled file lists each post
/// once. It also makes the counts independent of the order of the lines.
/// A labeled file is a sample of what the human saw, each post labelled by
/// whether they liked it, so it is always learnt as a sample (whatever
/// `learning` says): its favorite share is the human's like share.
extension RedisClassifierStore {
    /// Trains each example as exactly its label, as a sample; one round trip per `scoringBatch` posts.
    public func train(labeled examples: [TrainingExample]) async throws {
        try await learn(examples.map {
            LearnedPost(features: extractor.features(text: $0.text, author: $0.author), category: $0.category, takesBack: false)
        }, sample: true)
    }

    /// The number of posts learnt in each category (one round trip).
    public func documentCounts() async throws -> CategoryCounts {
        try await counts(for: []).documents
    }
}
