import Foundation
import MirrorBot

/// The history the pace tests give the human: originals at every hour from 08:00 to 22:59 UTC
/// on each of the ten days before 2027-01-15 (the rhythm the quiet hours, 23:00-07:59, come from).
public enum HumanHistory {
    /// 2027-01-15T00:00:00Z.
    public static let midnight = Date(timeIntervalSince1970: 1_799_971_200)

    /// One original a day and hour, made by `post` from its time, the days before (1-10) and the hour.
    public static func originals(_ post: (_ at: Date, _ past: Int, _ hour: Int) -> Post) -> [Post] {
        (1...10).flatMap { past in
            (8...22).map { hour in post(midnight.addingTimeInterval(Double(-past * 86_400 + hour * 3600)), past, hour) }
        }
    }
}

extension CountingClassifier {
    /// The human likes cats and not meetings: ten of each trained.
    public func trainCats() async throws {
        for _ in 0..<10 {
            try await train(text: "猫 かわいい", author: nil, as: .favorite)
            try await train(text: "会議 資料", author: nil, as: .normal)
        }
    }
}
