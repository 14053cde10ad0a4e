import MirrorBot
/// Training from labeled data (`train classifier --jsonl`), where each post
/// carries exactly one label.
///
/// Unlike `train(batch:)`, a `favorite` here takes nothing back from `normal`:
/// the take-back exists because a liked post was already learnt as `normal`
/// when it appeared on the home timeline, while a labeled file lists each post
/// once. It also makes the result independent of the order of the lines.
extension RedisClassifierStore {
    /// Trains each example as exactly its label; one pipeline of EVALs (each atomic), one round trip.
    public func train(labeled examples: [TrainingExample]) async throws {
        let commands = examples.map { example in
            ClassifierScript.command(
                features: extractor.features(text: example.text, author: example.author), as: example.category,
                keys: keys, takeBackFromNormal: false
            )
        }
        for reply in try await redis.pipeline(commands) {
            try reply.throwingOnError()
        }
    }

    /// The number of posts learnt in each category (one round trip).
    public func documentCounts() async throws -> CategoryCounts {
        try await counts(for: []).documents
    }
}
