import MirrorBot

/// Timelines the calibration tests train on, the same over memory and over Redis.
public enum CalibrationTimelines {
    /// The author carries the likes and the words are noise: 1,200 posts, about a tenth liked,
    /// each liked one by one of 10 authors who write nothing else, the others by 60 other
    /// authors; every post 8 words drawn from the same 300, whatever its label.
    public static func authorCarriesLikes(seed: UInt64 = 17) -> [TrainingExample] {
        var random = SeededGenerator(seed: seed)
        return (0..<1_200).map { _ -> TrainingExample in
            let liked = Double.random(in: 0..<1, using: &random) < 0.1
            let author = liked ? "f\(Int.random(in: 0..<10, using: &random))" : "n\(Int.random(in: 0..<60, using: &random))"
            let words = (0..<8).map { _ in "w\(Int.random(in: 0..<300, using: &random))" }
            return TrainingExample(text: words.joined(separator: " "), author: author, category: liked ? .favorite : .normal)
        }
    }
}
