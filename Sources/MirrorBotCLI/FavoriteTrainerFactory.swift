import MirrorBot

/// The trainer that teaches archive likes to the classifier as `favorite`
/// (author unknown), or nil when no classifier is available.
///
/// TODO(merge): wire to the naive-Bayes classifier (Redis at REDIS_URL,
/// MeCab at MECAB_DICDIR) once it lands; until then likes are counted and
/// reported as not trained.
func makeFavoriteTrainer(_ configuration: Configuration) async throws -> ArchiveLikeTrainer? {
    nil
}
