import MirrorBot
import Redis
/// The Lua script that trains one post atomically, in one round trip (EVAL).
///
///     KEYS[1] documents hash, KEYS[2] features hash of the trained category,
///     KEYS[3] features hash of `normal`, KEYS[4] the like-share sample hash
///     ARGV[1] the category, ARGV[2] "1" to take counts back from `normal`,
///     ARGV[3] the like-share sample: "0" not in it, "1" a new post of it, "2" a post
///     of it learned as `normal` before, now liked; ARGV[4...] the post's features (distinct)
///
/// Increments the category's document count and each feature's count; with
/// ARGV[2] = "1" (training `favorite`) it also decrements the `normal` document
/// count and the features' `normal` counts, never below zero (a count that
/// reaches zero is deleted). With ARGV[3] = "1" or "2" it increments the
/// category's count in the sample; with "2" it also decrements the sample's
/// `normal` count, never below zero. Returns the category's new document count.
enum ClassifierScript {
    static let train = """
    local documents = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
    if ARGV[3] == '1' or ARGV[3] == '2' then
      redis.call('HINCRBY', KEYS[4], ARGV[1], 1)
    end
    if ARGV[3] == '2' and (tonumber(redis.call('HGET', KEYS[4], 'normal') or '0') or 0) > 0 then
      redis.call('HINCRBY', KEYS[4], 'normal', -1)
    end
    for i = 4, #ARGV do
      redis.call('HINCRBY', KEYS[2], ARGV[i], 1)
    end
    if ARGV[2] == '1' then
      local normal = tonumber(redis.call('HGET', KEYS[1], 'normal') or '0') or 0
      if normal > 0 then
        redis.call('HINCRBY', KEYS[1], 'normal', -1)
      end
      for i = 4, #ARGV do
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
    /// `takeBackFromNormal` (default: when training `favorite`) also takes one count back from `normal`;
    /// `sample` says how the post counts in the like-share sample.
    static func command(
        features: [String], as category: ClassifierCategory, keys: ClassifierKeys, takeBackFromNormal: Bool? = nil,
        sample: SampleRole = .none
    ) -> [String] {
        let takeBackFromNormal = takeBackFromNormal ?? (category == .favorite)
        return ["EVAL", train, "4", keys.documents, keys.features(category), keys.features(.normal), keys.sample,
                category.rawValue, takeBackFromNormal ? "1" : "0", sample.rawValue] + features
    }

    /// The Lua script that stores a batch's scores and takes the threshold anew,
    /// atomically, after the batch's training EVALs in the same pipeline:
    ///
    ///     KEYS[1] the sample hash, KEYS[2] the recent scores (a sorted set)
    ///     ARGV[1] how many scores to keep, ARGV[2] the `PooledBayes.formula` that made
    ///     the scores, ARGV[3...] the batch's scores, in order
    ///
    /// When the sample's `formula` is not ARGV[2] (absent: a store calibrated by
    /// formula 1, before the version was stored), the recent scores are another
    /// formula's: the set is deleted and `formula` set, so the window starts anew
    /// (the counts and the sample's `favorite` / `normal` stay). Each score is added
    /// under the next number of the sample's `scored` count, and the score `limit`
    /// numbers older is removed, so the set holds the last `limit`. Then
    /// `Calibration`'s rule: with n scores and the sample's share s,
    /// k = floor(s * n + 0.5), and the threshold is the score of rank k from the
    /// highest (`-inf` when k = n, or without any sample post). Stores `recent`
    /// (n) and `threshold` in the sample hash and returns the threshold.
    static let calibrate = """
    local limit = tonumber(ARGV[1])
    if redis.call('HGET', KEYS[1], 'formula') ~= ARGV[2] then
      redis.call('DEL', KEYS[2])
      redis.call('HSET', KEYS[1], 'formula', ARGV[2])
    end
    local count = #ARGV - 2
    local last = redis.call('HINCRBY', KEYS[1], 'scored', count)
    for i = 1, count do
      local number = last - count + i
      redis.call('ZADD', KEYS[2], ARGV[i + 2], number)
      if number > limit then
        redis.call('ZREM', KEYS[2], number - limit)
      end
    end
    local n = redis.call('ZCARD', KEYS[2])
    local favorite = tonumber(redis.call('HGET', KEYS[1], 'favorite') or '0') or 0
    local normal = tonumber(redis.call('HGET', KEYS[1], 'normal') or '0') or 0
    local threshold = '-inf'
    if n > 0 and favorite + normal > 0 then
      local k = math.floor(favorite / (favorite + normal) * n + 0.5)
      if k < n then
        threshold = redis.call('ZREVRANGE', KEYS[2], k, k, 'WITHSCORES')[2]
      end
    end
    redis.call('HSET', KEYS[1], 'recent', n, 'threshold', threshold)
    return threshold
    """

    /// The EVAL command that stores `scores` (Swift's shortest round-trip form, `-inf`), made by
    /// `PooledBayes.formula`, and recalibrates.
    static func calibrateCommand(scores: [Double], keys: ClassifierKeys) -> [String] {
        ["EVAL", calibrate, "2", keys.sample, keys.recent, String(Calibration.recentLimit), String(PooledBayes.formula)]
            + scores.map { String(describing: $0) }
    }

    /// How a post counts in the like-share sample (ARGV[3]).
    enum SampleRole: String {
        case none = "0"
        /// A post the human saw, new to the sample.
        case new = "1"
        /// A post of the sample, learned as `normal` before, now liked.
        case liked = "2"
    }
}
