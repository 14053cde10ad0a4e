import MirrorBot
import Redis
/// The Lua script that trains one post atomically, in one round trip (EVAL).
///
///     KEYS[1] documents hash, KEYS[2] features hash of the trained category,
///     KEYS[3] features hash of `normal`
///     ARGV[1] the category, ARGV[2] "1" to take counts back from `normal`,
///     ARGV[3...] the post's features (distinct)
///
/// Increments the category's document count and each feature's count; with
/// ARGV[2] = "1" (training `favorite`) it also decrements the `normal` document
/// count and the features' `normal` counts, never below zero (a count that
/// reaches zero is deleted). Returns the category's new document count.
enum ClassifierScript {
    static let train = """
    local documents = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
    for i = 3, #ARGV do
      redis.call('HINCRBY', KEYS[2], ARGV[i], 1)
    end
    if ARGV[2] == '1' then
      local normal = tonumber(redis.call('HGET', KEYS[1], 'normal') or '0') or 0
      if normal > 0 then
        redis.call('HINCRBY', KEYS[1], 'normal', -1)
      end
      for i = 3, #ARGV do
        local count = tonumber(redis.call('HGET', KEYS[3], ARGV[i]) or '0') or 0
        if count > 1 then
          redis.call('HINCRBY', KEYS[3], ARGV[i], -1)
        elseif count > 0 or redis.call('HEXISTS', KEYS[3], ARGV[i]) == 1 then
          redis.call('HDEL', KEYS[3], ARGV[i])
        end
      end
    end
    return documents
    """

    /// The EVAL command that trains `features` as `category` under `keys`.
    /// `takeBackFromNormal` (default: when training `favorite`) also takes one count back from `normal`.
    static func command(
        features: [String], as category: ClassifierCategory, keys: ClassifierKeys, takeBackFromNormal: Bool? = nil
    ) -> [String] {
        let takeBackFromNormal = takeBackFromNormal ?? (category == .favorite)
        return ["EVAL", train, "3", keys.documents, keys.features(category), keys.features(.normal),
                category.rawValue, takeBackFromNormal ? "1" : "0"] + features
    }
}
