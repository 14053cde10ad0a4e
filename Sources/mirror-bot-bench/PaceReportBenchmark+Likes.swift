import Foundation
import MirrorBot

extension PaceReportBenchmark {
    /// Where a run's likes fell: each within the poll interval that read its post (the first
    /// poll of the home timeline at or after the post was made, to the poll after it).
    struct LikeTiming {
        var count: Int
        /// (like - the poll that read the post) / (the next poll - that poll), for the likes sent
        /// before the next poll: 0 is the poll's own second.
        var positions: [Double]
        /// Likes sent within a second of the poll that read their post.
        var atPoll: Int
        /// Likes sent after the next poll (moved out of a quiet hour).
        var later: Int
        /// Likes sent in the human's quiet hours.
        var inQuiet: Int
        /// Distinct minutes of the hour (0-59) the likes went out at.
        var minutes: Int

        init(_ run: Run, quiet: QuietHours) {
            var positions: [Double] = []
            var atPoll = 0
            var later = 0
            for like in run.likes {
                let reading = run.polls.firstIndex { $0 >= like.made } ?? run.polls.count
                guard reading < run.polls.count else { continue }
                let poll = run.polls[reading]
                if like.at.timeIntervalSince(poll) < 1 { atPoll += 1 }
                guard reading + 1 < run.polls.count, like.at < run.polls[reading + 1] else {
                    later += 1
                    continue
                }
                positions.append(like.at.timeIntervalSince(poll) / run.polls[reading + 1].timeIntervalSince(poll))
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = quiet.timeZone
            count = run.likes.count
            self.positions = positions
            self.atPoll = atPoll
            self.later = later
            inQuiet = run.likes.filter { quiet.isQuiet($0.at) }.count
            minutes = Set(run.likes.map { calendar.component(.minute, from: $0.at) }).count
        }

        /// The largest gap between the positions' distribution and the uniform one on [0, 1).
        var uniformKS: Double {
            let sorted = positions.sorted()
            guard !sorted.isEmpty else { return 1 }
            let n = Double(sorted.count)
            return sorted.enumerated().map { i, x in max(abs(Double(i + 1) / n - x), abs(x - Double(i) / n)) }.max() ?? 1
        }
    }

    static func likeReport(_ paced: LikeTiming, _ today: LikeTiming, names: (String, String), days: Int) -> String {
        func positions(_ timing: LikeTiming) -> String {
            let sorted = timing.positions.sorted()
            guard !sorted.isEmpty else { return "none" }
            return [0.1, 0.25, 0.5, 0.75, 0.9].map { String(format: "%.2f", sorted[min(sorted.count - 1, Int($0 * Double(sorted.count)))]) }
                .joined(separator: " / ")
        }
        func row(_ what: String, _ a: String, _ b: String) -> String { "| \(what) | \(a) | \(b) |" }
        return [
            "Likes (fake-x accepts them here, as Mastodon, Bluesky and Misskey do; X refuses them): "
                + String(format: "%.1f a day.", Double(today.count) / Double(max(days, 1))),
            "",
            row("", names.0, names.1),
            "| --- | ---: | ---: |",
            row("likes sent", "\(paced.count)", "\(today.count)"),
            row("sent within a second of the poll that read the post", "\(paced.atPoll)", "\(today.atPoll)"),
            row("position within the poll interval, p10 / p25 / p50 / p75 / p90 (0: that poll, 1: the next)",
                positions(paced), positions(today)),
            row("KS of those positions against uniform", String(format: "%.3f", paced.uniformKS), String(format: "%.3f", today.uniformKS)),
            row("sent after the next poll (moved out of a quiet hour)", "\(paced.later)", "\(today.later)"),
            row("distinct minutes of the hour used", "\(paced.minutes)", "\(today.minutes)"),
            row("likes in the human's quiet hours", "\(paced.inQuiet)", "\(today.inQuiet)"),
        ].joined(separator: "\n")
    }
}
