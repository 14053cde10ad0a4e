import Foundation
import JSONLines
import MirrorBot
@testable import MirrorBotImport
@testable import MirrorBotX
import PostFeatures

extension FuzzTarget {
    /// An X archive `tweets.js`: the scanner finds each entry, each is decoded as an
    /// `ArchiveTweet` and turned into a post, as `mirror-bot import` does.
    /// The same bytes are read as `note-tweet.js`, `deleted-tweets.js` and
    /// `account-timezone.js` first, and their long posts and deletions applied.
    static let archiveTweets = FuzzTarget(name: "archive-tweets", about: "tweets.js: JSONArrayScanner, ArchiveTweet, ArchiveFileReader; note-tweet.js, deleted-tweets.js, account-timezone.js") { bytes in
        var collector = PostCollector()
        var notes = ArchiveNoteBook()
        var deleted: Set<String> = []
        expectingInputErrors {
            try ArchiveFileReader(path: "note-tweet.js").forEachEntry(as: ArchiveNoteTweet.self, in: bytes) { note, _ in notes.add(note) }
        }
        expectingInputErrors {
            try ArchiveFileReader(path: "deleted-tweets.js").forEachEntry(as: ArchiveTweetID.self, in: bytes) { entry, _ in deleted.insert(entry.id) }
        }
        expectingInputErrors {
            try ArchiveFileReader(path: "account-timezone.js").forEachEntry(as: ArchiveTimeZone.self, in: bytes) { _, _ in }
        }
        expectingInputErrors {
            try ArchiveFileReader(path: "tweets.js", releaseInterval: 2).forEachEntry(as: ArchiveTweet.self, in: bytes) { tweet, _ in
                if tweet.deletedAt != nil || deleted.contains(tweet.id) { return collector.countDeleted() }
                var post = try tweet.post(dates: .x(now: fuzzNow))
                if let full = notes.fullText(of: post) {
                    fuzzCheck(full.count > ArchiveNoteBook.keptPart(of: post.text).count, "a long post's whole text is no longer than its cut one")
                    post.text = full
                }
                exercise(post)
                collector.add(post)
            }
        }
        fuzzCheck(collector.nothingImportable == nil || collector.read > 0, "nothing importable with nothing read")
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
