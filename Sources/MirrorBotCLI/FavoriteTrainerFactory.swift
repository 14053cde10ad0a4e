import MirrorBot
import MirrorBotImport
import MirrorBotPostgres
import Postgres

/// The trainer that teaches archive likes to the classifier as `favorite`
/// (with their author where the export's likes were looked up, as on Bluesky). Each liked post id is recorded, so neither a
/// second import nor the daemon's learning counts it twice. Redis and MeCab are
/// connected once, on the first batch, so an archive without likes needs no Redis.
/// An archive lists likes alone, not what the human saw, so they count in the
/// classifier and not in the like share.
func makeFavoriteTrainer(_ services: Services, connection: any PostgresClient) -> ArchiveLikeTrainer {
    makeFavoriteTrainer(marks: PostgresActionStore(connection: connection)) { try await services.classifier(learning: .countsOnly, source: .archive) }
}

/// The same over any marks and classifier: `connect` is called on the first batch and,
/// once it has succeeded, never again (a failed connect is tried again on the next batch).
func makeFavoriteTrainer(
    marks: any TrainingMarks, connect: @escaping @Sendable () async throws -> any FavoriteClassifier
) -> ArchiveLikeTrainer {
    let classifier = ConnectOnce(connect)
    return { likes in
        try await OnceTrainer(classifier: classifier.value(), marks: marks)
            .train(likes.map { ($0.tweetID, $0.text, $0.author) }, as: .favorite)
    }
}

/// A value made on first use and kept; callers that overlap share the one attempt, and a
/// failed attempt leaves the next caller to try again.
actor ConnectOnce<Value: Sendable> {
    private let make: @Sendable () async throws -> Value
    private var attempt: Task<Value, any Error>?

    init(_ make: @escaping @Sendable () async throws -> Value) {
        self.make = make
    }

    func value() async throws -> Value {
        let attempt = self.attempt ?? Task { try await make() }
        self.attempt = attempt
        do {
            return try await attempt.value
        } catch {
            if self.attempt == attempt { self.attempt = nil }
            throw error
        }
    }
}
