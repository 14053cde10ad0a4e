import MirrorBot
import MirrorBotPostgres
import Postgres

/// The trainer that teaches archive likes to the classifier as `favorite`
/// (with their author where the export's likes were looked up, as on Bluesky). Each liked post id is recorded, so neither a
/// second import nor the daemon's learning counts it twice. Redis is
/// connected on the first batch, so an archive without likes needs no Redis.
/// An archive lists likes alone, not what the human saw, so they count in the
/// classifier and not in the like share.
func makeFavoriteTrainer(_ services: Services, connection: PostgresConnection) -> ArchiveLikeTrainer {
    let actions = PostgresActionStore(connection: connection)
    return { likes in
        let classifier = try await services.classifier(learning: .countsOnly)
        try await OnceTrainer(classifier: classifier, marks: actions)
            .train(likes.map { ($0.tweetID, $0.text, $0.author) }, as: .favorite)
    }
}
