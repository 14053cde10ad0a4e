import Foundation
@testable import MirrorBot

extension FuzzTarget {
    /// An X archive `tweets.js`: the scanner finds each entry, each is decoded as an
    /// `ArchiveTweet` and turned into a post, as `mirror-bot import` does.
    static let archiveTweets = FuzzTarget(name: "archive-tweets", about: "tweets.js: JSONArrayScanner, ArchiveTweet, ArchiveFileReader") { bytes in
        var collector = PostCollector()
        expectingInputErrors {
            try ArchiveFileReader(path: "tweets.js", releaseInterval: 2).forEachEntry(as: ArchiveTweet.self, in: bytes) { tweet, _ in
                let post = try tweet.post(dates: .x(now: fuzzNow))
                exercise(post)
                collector.add(post)
            }
        }
        _ = collector.takeNewest(3)
    }

    /// An X archive `like.js`, entry by entry, as `ArchiveLikeEntry`.
    static let archiveLikes = FuzzTarget(name: "archive-likes", about: "like.js: JSONArrayScanner, ArchiveLikeEntry, ArchiveFileReader") { bytes in
        expectingInputErrors {
            try ArchiveFileReader(path: "like.js").forEachEntry(as: ArchiveLikeEntry.self, in: bytes) { entry, index in
                fuzzCheck(index >= 1, "entries are numbered from 1")
                if let like = entry.like { _ = features(like.text) }
            }
        }
    }

    /// The timestamps of archives and JSONL files (`Wed Oct 10 20:19:24 +0000 2018`, ISO 8601).
    static let timestamp = FuzzTarget(name: "timestamp", about: "PostTimestamp.parse: archive and ISO 8601 dates") { bytes in
        guard let date = PostTimestamp.parse(text(bytes)) else { return }
        fuzzCheck(date.timeIntervalSince1970.isFinite, "a parsed date is finite")
        // What storing a post computes from its date.
        _ = MinuteOfDay.of(date, in: fuzzTimeZone)
        _ = LocalDate(date, in: fuzzTimeZone).description
    }
}

/// A zone with an offset and DST, where minute and day arithmetic can go wrong.
let fuzzTimeZone = TimeZone(identifier: "America/St_Johns") ?? .gmt

/// Runs a reader: its own `InputError` is the expected way to refuse input; any other error is a finding.
func expectingInputErrors(_ body: () throws -> Void) {
    do {
        try body()
    } catch is InputError {
    } catch {
        fuzzCheck(false, "threw \(type(of: error)), not an InputError: \(error)")
    }
}

/// What the bot later does with an imported post's text and date.
func exercise(_ post: Post) {
    _ = post.hasMention
    _ = ReplyText.body(of: post.text)
    _ = features(post.text)
    _ = MinuteOfDay.of(post.createdAt, in: fuzzTimeZone)
    _ = LocalDate(post.createdAt, in: fuzzTimeZone)
}

/// The classifier's features of `text`, with a tokenizer that calls every space-separated word a noun.
func features(_ text: String, author: String? = nil) -> [String] {
    FeatureExtractor(tokenizer: WordTokenizer()).features(text: text, author: author)
}

struct WordTokenizer: Tokenizer {
    func morphemes(_ text: String) -> [Token] {
        text.split(whereSeparator: \.isWhitespace).map { Token(surface: String($0), partOfSpeech: "名詞", subcategory: "一般") }
    }
}
