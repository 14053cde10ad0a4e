import MirrorBot
import PostFeatures
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

    /// The Lua script that adds a batch's sample posts to the windows and takes the
    /// threshold anew, atomically, after the batch's training EVALs in the same pipeline:
    ///
    ///     KEYS[1] the sample hash, KEYS[2] the `favorite` window, KEYS[3] the `normal` window,
    ///     KEYS[4] the documents hash, KEYS[5] / KEYS[6] the features hashes of `favorite` / `normal`,
    ///     KEYS[7] an older version's recent scores
    ///     ARGV[1] how many posts of each label to keep, ARGV[2] `Calibration.formula`,
    ///     ARGV[3] / ARGV[4] `PooledBayes`'s weights for the author / a word, ARGV[5] the author
    ///     features' prefix, ARGV[6] `Calibration.windowsSince`, ARGV[7] `Calibration.textScales`
    ///     joined by commas, ARGV[8...] the batch's sample posts in order: `f`, `n` or `m` (liked,
    ///     held as `normal` before) and the post's features joined by line feeds
    ///
    /// When the sample's `formula` is not ARGV[2], it is set; when it is also older than
    /// ARGV[6] (absent: a store of formula 1, before the version was stored), the windows
    /// and the older scores are deleted first, so the windows start anew (the counts and
    /// the sample's `favorite` / `normal` stay). Each post is appended to its label's window (`m`
    /// first removes its latest copy from the `normal` window) and each window is
    /// trimmed to its last ARGV[1]. Then `Calibration`'s rule: every post of both windows
    /// is scored against the counts less itself (`PooledBayes.heldOutLogLikelihoodRatio`,
    /// the same arithmetic in the same order, its author's and its words' parts apart), and
    /// for each words' scale of ARGV[7] (`Calibration.calibrate`): the score is the author's part
    /// plus the scale times the words'; with the sample's share s a liked post weighs
    /// s / (liked posts in the window), another (1 - s) / (others); walking the
    /// scores from the highest, the first held back is the first where the weight above it
    /// plus half its own exceeds s, and the threshold is -prior (posterior odds 1) when that
    /// lies between it and the score before it, else halfway between the two (itself when
    /// it is the highest; `-inf` when none is held back). The scale whose threshold lets
    /// through the most liked posts of the window wins, the first among equals. Stores
    /// `recent` (the windows' posts), `threshold` and `scale` (`%.17g`, read back exactly;
    /// removed when a label the share needs has no post) in the sample hash and returns the
    /// threshold (`none` when removed).
    static let calibrate = """
    local limit = tonumber(ARGV[1])
    local formula = redis.call('HGET', KEYS[1], 'formula')
    if formula ~= ARGV[2] then
      if formula == false or tonumber(formula) == nil or tonumber(formula) < tonumber(ARGV[6]) then
        redis.call('DEL', KEYS[2], KEYS[3], KEYS[7])
        redis.call('HDEL', KEYS[1], 'scored')
      end
      redis.call('HSET', KEYS[1], 'formula', ARGV[2])
    end
    for i = 8, #ARGV do
      local kind = string.sub(ARGV[i], 1, 1)
      local post = string.sub(ARGV[i], 2)
      if kind == 'm' then
        redis.call('LREM', KEYS[3], -1, post)
        redis.call('RPUSH', KEYS[2], post)
      elseif kind == 'f' then
        redis.call('RPUSH', KEYS[2], post)
      else
        redis.call('RPUSH', KEYS[3], post)
      end
    end
    redis.call('LTRIM', KEYS[2], -limit, -1)
    redis.call('LTRIM', KEYS[3], -limit, -1)
    local documentsFavorite = tonumber(redis.call('HGET', KEYS[4], 'favorite') or '0') or 0
    local documentsNormal = tonumber(redis.call('HGET', KEYS[4], 'normal') or '0') or 0
    local authorWeight, wordWeight, prefix = tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
    local cached = {{}, {}}
    local function count(which, feature)
      local value = cached[which][feature]
      if value == nil then
        value = tonumber(redis.call('HGET', KEYS[4 + which], feature) or '0') or 0
        cached[which][feature] = value
      end
      return value
    end
    local function heldOut(post, learnedAsFavorite)
      local df, dn = documentsFavorite, documentsNormal
      if learnedAsFavorite then df = math.max(0, df - 1) else dn = math.max(0, dn - 1) end
      if df <= 0 or dn <= 0 or post == '' then return nil end
      local author, words = 0, 0
      for feature in string.gmatch(post, '[^\\n]+') do
        local cf, cn = count(1, feature), count(2, feature)
        if learnedAsFavorite then cf = math.max(0, cf - 1) else cn = math.max(0, cn - 1) end
        local totals = cf + cn
        local p = (totals + 1) / (df + dn + 2)
        local isAuthor = string.sub(feature, 1, #prefix) == prefix
        local weight = wordWeight
        if isAuthor then weight = authorWeight end
        local favorite = (weight * p + totals * (cf / df)) / (weight + totals)
        local normal = (weight * p + totals * (cn / dn)) / (weight + totals)
        if isAuthor then
          author = author + math.log(favorite) - math.log(normal)
        else
          words = words + math.log(favorite) - math.log(normal)
        end
      end
      return {author, words}
    end
    local function score(evidence, scale)
      if evidence == nil then return -math.huge end
      return evidence[1] + scale * evidence[2]
    end
    local favorites = redis.call('LRANGE', KEYS[2], 0, -1)
    local normals = redis.call('LRANGE', KEYS[3], 0, -1)
    local sampleFavorite = tonumber(redis.call('HGET', KEYS[1], 'favorite') or '0') or 0
    local sampleNormal = tonumber(redis.call('HGET', KEYS[1], 'normal') or '0') or 0
    local n = #favorites + #normals
    local threshold, chosenScale = false, 1
    if sampleFavorite + sampleNormal > 0 then
      local share = sampleFavorite / (sampleFavorite + sampleNormal)
      if not ((share > 0 and #favorites == 0) or (share < 1 and #normals == 0)) then
        local favoriteWeight, normalWeight = 0, 0
        if #favorites > 0 then favoriteWeight = share / #favorites end
        if #normals > 0 then normalWeight = (1 - share) / #normals end
        local favoriteEvidence, normalEvidence = {}, {}
        for i, post in ipairs(favorites) do favoriteEvidence[i] = heldOut(post, true) end
        for i, post in ipairs(normals) do normalEvidence[i] = heldOut(post, false) end
        local bayes = -(math.log(sampleFavorite + 0.5) - math.log(sampleNormal + 0.5))
        local bestThrough = -1
        for scale in string.gmatch(ARGV[7], '[^,]+') do
          scale = tonumber(scale)
          local weighed = {}
          for i = 1, #favorites do weighed[#weighed + 1] = {score(favoriteEvidence[i], scale), favoriteWeight} end
          for i = 1, #normals do weighed[#weighed + 1] = {score(normalEvidence[i], scale), normalWeight} end
          table.sort(weighed, function (a, b) return a[1] > b[1] end)
          local candidate = -math.huge
          local above = 0
          local previous = nil
          for _, item in ipairs(weighed) do
            if above + item[2] / 2 > share then
              if previous == nil then
                candidate = item[1]
              elseif bayes >= item[1] and bayes < previous then
                candidate = bayes
              else
                candidate = previous / 2 + item[1] / 2
              end
              break
            end
            above = above + item[2]
            previous = item[1]
          end
          local through = 0
          for i = 1, #favorites do
            if score(favoriteEvidence[i], scale) > candidate then through = through + 1 end
          end
          if through > bestThrough then
            bestThrough, threshold, chosenScale = through, candidate, scale
          end
        end
      end
    end
    local text = 'none'
    if threshold == false then
      redis.call('HDEL', KEYS[1], 'threshold', 'scale')
    else
      if threshold == -math.huge then
        text = '-inf'
      else
        text = string.format('%.17g', threshold)
      end
      redis.call('HSET', KEYS[1], 'threshold', text, 'scale', string.format('%.17g', chosenScale))
    end
    redis.call('HSET', KEYS[1], 'recent', n)
    return text
    """

    /// The EVAL command that adds `posts` to the windows and recalibrates.
    static func calibrateCommand(posts: [LearnedPost], keys: ClassifierKeys, pooled: PooledBayes) -> [String] {
        ["EVAL", calibrate, "7", keys.sample, keys.window(.favorite), keys.window(.normal), keys.documents,
         keys.features(.favorite), keys.features(.normal), keys.recent,
         String(Calibration.windowLimit), String(Calibration.formula), String(pooled.weight), String(pooled.textWeight),
         FeatureExtractor.authorPrefix, String(Calibration.windowsSince),
         Calibration.textScales.map { String($0) }.joined(separator: ",")]
            + posts.map { ($0.category == .normal ? "n" : $0.movesInSample ? "m" : "f") + $0.features.joined(separator: "\n") }
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
