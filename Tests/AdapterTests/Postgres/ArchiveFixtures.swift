import Foundation
import TestSupport

/// One post as the fixture writes it into `tweets.js`.
struct FixtureTweet {
    var id: String
    /// The text as the human typed it; the writer HTML-escapes it as X does.
    var text: String
    var createdAt: Date
    var replyToUserID: String?
    var replyToScreenName: String?
    /// Old tweets sometimes lack `in_reply_to_screen_name` altogether.
    var omitScreenName = false

    static func retweet(id: String, of author: String, text: String, at date: Date) -> FixtureTweet {
        FixtureTweet(id: id, text: "RT @\(author): \(text)", createdAt: date)
    }
}

/// Writes X data archives in the real format (as "Download your data" gives
/// them since 2020, or the older unwrapped `tweet.js`): `data/manifest.js`,
/// `data/tweets.js` plus `tweets-partN.js`, `data/like.js`, pretty-printed
/// with X's `" : "` spacing, entities, and string numbers.
struct ArchiveFixture {
    /// `tweets.js` then `tweets-part1.js`, `tweets-part2.js`…
    var tweetParts: [[FixtureTweet]] = []
    /// (tweetId, fullText or nil when the old like has none)
    var likes: [(String, String?)] = []
    /// false writes the older archive: `tweet.js`, entries without the `{"tweet": …}` wrapper.
    var wrapped = true

    /// Writes `<tmp>/<name>/data/…`; returns the archive folder.
    func write() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("archive"))
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let base = wrapped ? "tweets" : "tweet"
        var manifestTweets: [String] = []
        for (part, tweets) in tweetParts.enumerated() {
            let fileName = part == 0 ? "\(base).js" : "\(base)-part\(part).js"
            let entries = tweets.map { wrapped ? Self.wrap("tweet", Self.tweetObject($0, indent: 4)) : Self.tweetObject($0, indent: 2) }
            try Self.file(global: "\(base).part\(part)", entries: entries).write(
                to: data.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
            manifestTweets.append(Self.manifestFile("data/\(fileName)", global: "YTD.\(base).part\(part)", count: tweets.count))
        }
        if !likes.isEmpty {
            let entries = likes.map { Self.wrap("like", Self.likeObject(id: $0.0, text: $0.1)) }
            try Self.file(global: "like.part0", entries: entries).write(
                to: data.appendingPathComponent("like.js"), atomically: true, encoding: .utf8)
        }
        let manifest = """
            window.__THAR_CONFIG = {
              "userInfo" : {
                "accountId" : "1000",
                "userName" : "human",
                "displayName" : "Human"
              },
              "dataTypes" : {
                "\(base)" : {
                  "files" : [
            \(manifestTweets.joined(separator: ",\n"))
                  ]
                },
                "like" : {
                  "files" : [
            \(Self.manifestFile("data/like.js", global: "YTD.like.part0", count: likes.count))
                  ]
                }
              }
            }
            """
        try manifest.write(to: data.appendingPathComponent("manifest.js"), atomically: true, encoding: .utf8)
        return root
    }

    /// `window.YTD.<global> = [ … ]`, the entries two spaces in.
    static func file(global: String, entries: [String]) -> String {
        entries.isEmpty ? "window.YTD.\(global) = [ ]" : "window.YTD.\(global) = [\n" + entries.joined(separator: ",\n") + "\n]"
    }

    static func wrap(_ key: String, _ object: String) -> String {
        "  {\n    \"\(key)\" : \(object.drop { $0 == " " })\n  }"
    }

    static func tweetObject(_ tweet: FixtureTweet, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let mentions = mentionEntities(in: tweet.text)
        var fields = [
            "\"edit_info\" : {\n\(pad)    \"initial\" : {\n\(pad)      \"editTweetIds\" : [ \(json(tweet.id)) ],\n\(pad)      \"editsRemaining\" : \"5\",\n\(pad)      \"isEditEligible\" : true\n\(pad)    }\n\(pad)  }",
            "\"retweeted\" : false",
            "\"source\" : \(json("<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Twitter Web App</a>"))",
            "\"entities\" : {\n\(pad)    \"hashtags\" : [ ],\n\(pad)    \"symbols\" : [ ],\n\(pad)    \"user_mentions\" : [ \(mentions) ],\n\(pad)    \"urls\" : [ ]\n\(pad)  }",
            "\"display_text_range\" : [ \"0\", \(json(String(tweet.text.count))) ]",
            "\"favorite_count\" : \"0\"",
            "\"id_str\" : \(json(tweet.id))",
            "\"truncated\" : false",
            "\"retweet_count\" : \"0\"",
            "\"id\" : \(json(tweet.id))",
            "\"created_at\" : \(json(archiveDate(tweet.createdAt)))",
            "\"favorited\" : false",
            "\"full_text\" : \(json(escapeHTML(tweet.text)))",
            "\"lang\" : \"ja\"",
        ]
        if let user = tweet.replyToUserID {
            fields.append("\"in_reply_to_status_id_str\" : \(json(String(Int(tweet.id).map { $0 - 1 } ?? 1)))")
            fields.append("\"in_reply_to_user_id_str\" : \(json(user))")
            fields.append("\"in_reply_to_user_id\" : \(json(user))")
            if !tweet.omitScreenName {
                fields.append("\"in_reply_to_screen_name\" : \(json(tweet.replyToScreenName ?? "someone"))")
            }
        }
        return "\(pad){\n" + fields.map { "\(pad)  \($0)" }.joined(separator: ",\n") + "\n\(pad)}"
    }

    static func likeObject(id: String, text: String?) -> String {
        var fields = ["\"tweetId\" : \(json(id))"]
        if let text { fields.append("\"fullText\" : \(json(escapeHTML(text)))") }
        fields.append("\"expandedUrl\" : \(json("https://twitter.com/i/web/status/\(id)"))")
        return "{\n" + fields.map { "      \($0)" }.joined(separator: ",\n") + "\n    }"
    }

    static func manifestFile(_ name: String, global: String, count: Int) -> String {
        "        {\n          \"fileName\" : \(json(name)),\n          \"globalName\" : \(json(global)),\n          \"count\" : \(json(String(count)))\n        }"
    }

    /// `user_mentions` entries for each `@name` at the start of a word.
    static func mentionEntities(in text: String) -> String {
        let names = text.split(whereSeparator: { $0 == " " || $0 == ":" }).filter { $0.hasPrefix("@") && $0.count > 1 }
        return names.map { name in
            "{ \"name\" : \(json(String(name.dropFirst()))), \"screen_name\" : \(json(String(name.dropFirst()))), \"indices\" : [ \"0\", \"1\" ], \"id_str\" : \"42\", \"id\" : \"42\" }"
        }.joined(separator: ", ")
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// X escapes these three in `full_text` and `fullText`.
    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `Wed Oct 10 20:19:24 +0000 2018`, formatted independently of the importer's parser.
    static func archiveDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.string(from: date)
    }
}
