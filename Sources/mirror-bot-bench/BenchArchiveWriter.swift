import Foundation
import MirrorBot
import MirrorBotImport

/// Writes a large X data archive in the real format (`data/tweets.js` plus
/// `tweets-partN.js`, wrapped entries with entities and edit info, X's
/// `" : "` spacing), streaming through a small buffer so the benchmark's own
/// memory stays flat. Deterministic for a given count.
struct BenchArchiveWriter {
    var posts: Int
    var postsPerPart = 25_000
    /// Every n-th post is a retweet, every m-th a reply.
    var retweetEvery = 20
    var replyEvery = 5

    /// Writes `<folder>/data/…`; returns the total bytes written.
    func write(to folder: URL) throws -> Int {
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        var random = SeededGenerator(seed: 2026)
        var total = 0
        var part = 0
        var index = 0
        while index < posts {
            let name = part == 0 ? "tweets.js" : "tweets-part\(part).js"
            let path = data.appendingPathComponent(name).path
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw CocoaError(.fileWriteUnknown)
            }
            defer { try? handle.close() }
            var buffer = "window.YTD.tweets.part\(part) = [\n"
            let end = min(index + postsPerPart, posts)
            for current in index..<end {
                buffer += entry(current, random: &random)
                buffer += current + 1 < end ? ",\n" : "\n"
                if buffer.utf8.count > 1 << 20 {
                    total += buffer.utf8.count
                    try handle.write(contentsOf: Data(buffer.utf8))
                    buffer = ""
                }
            }
            buffer += "]"
            total += buffer.utf8.count
            try handle.write(contentsOf: Data(buffer.utf8))
            index = end
            part += 1
        }
        return total
    }

    private static let words = ["今日", "コーヒー", "電車", "会議", "猫", "雨", "ラーメン", "仕事", "週末", "本", "映画", "散歩",
                                "Swift", "コード", "ビルド", "テスト", "&", "<3", "朝", "夜", "眠い", "楽しい", "ありがとう", "です"]

    private func entry(_ index: Int, random: inout SeededGenerator) -> String {
        let id = String(1_000_000_000_000_000_000 + index)
        // Ten years of posts, newest last, at human-ish hours; more than 100,000 closer together, so that
        // none is dated after 2025-12 (the import refuses dates over a day ahead: PlausibleDates).
        let spacing = min(3_150, 315_000_000 / max(posts, 1))
        let seconds = 1_450_000_000 + index * spacing + Int(random.next() % 1_800)
        var text = (0..<(3 + Int(random.next() % 25))).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }
            .joined(separator: " ")
        var reply = ""
        if index % retweetEvery == 0 {
            text = "RT @someone: " + text
        } else if index % replyEvery == 0 {
            let user = 100 + Int(random.next() % 50)
            text = "@friend\(user) " + text
            reply = """
                ,
                      "in_reply_to_status_id_str" : "\(1_000_000_000_000_000_000 + index - 7)",
                      "in_reply_to_user_id" : "\(user)",
                      "in_reply_to_user_id_str" : "\(user)",
                      "in_reply_to_screen_name" : "friend\(user)"
                """
        }
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
              {
                "tweet" : {
                  "edit_info" : {
                    "initial" : {
                      "editTweetIds" : [ "\(id)" ],
                      "editsRemaining" : "5",
                      "isEditEligible" : true
                    }
                  },
                  "retweeted" : false,
                  "source" : "<a href=\\"https://mobile.twitter.com\\" rel=\\"nofollow\\">Twitter Web App</a>",
                  "entities" : {
                    "hashtags" : [ ],
                    "symbols" : [ ],
                    "user_mentions" : [ ],
                    "urls" : [ ]
                  },
                  "display_text_range" : [ "0", "\(text.count)" ],
                  "favorite_count" : "\(random.next() % 20)",
                  "id_str" : "\(id)",
                  "truncated" : false,
                  "retweet_count" : "0",
                  "id" : "\(id)",
                  "created_at" : "\(Self.archiveDate(seconds))",
                  "favorited" : false,
                  "full_text" : "\(escaped)",
                  "lang" : "ja"\(reply)
                }
              }
            """
    }

    /// `Wed Oct 10 20:19:24 +0000 2018` from Unix seconds (UTC).
    static func archiveDate(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let rest = seconds % 86_400
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        // The civil date by the scheduler's own calendar arithmetic.
        let date = LocalDate(daysSince1970: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[days % 7]) \(months[date.month - 1]) \(two(date.day)) "
            + "\(two(rest / 3_600)):\(two(rest % 3_600 / 60)):\(two(rest % 60)) +0000 \(date.year)"
    }
}
