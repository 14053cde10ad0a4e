import MirrorBot
import MirrorBotMeCab
import MirrorBotRedis

/// The real classifier (Redis counts, MeCab features) under a test's own key prefix.
public enum TestClassifier {
    public static let ipadic = "/var/lib/mecab/dic/ipadic-utf8"

    public static func connect(redisURL: String, keyPrefix: String) async throws -> RedisClassifier {
        try await RedisClassifierStore.connect(
            redisURL: redisURL, keyPrefix: keyPrefix, tokenizer: MeCabFeatureTokenizer(dictionaryPath: ipadic))
    }
}
