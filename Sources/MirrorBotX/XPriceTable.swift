import MirrorBot
import MirrorBotSpend
import XAPI

/// What X charges (pay-per-use, 2026: docs.x.com "Pricing" and the changelog's "Owned Reads"):
/// reads per post returned, writes per request. Overridable with `X_PRICES`
/// (`name=dollars` pairs, comma-separated: `owned_read=0.001,read=0.005,post_url=0.2`).
public struct XPriceTable: Sendable, Equatable, PostPricing {
    /// A post read from the account's own data (`/tweets`, `/mentions`, `/liked_tweets`), per post.
    public var ownedRead = 0.001
    /// Any other post read (the home timeline among them), per post.
    public var read = 0.005
    /// A user read (`/2/users/me`), per user.
    public var userRead = 0.010
    /// `POST /2/tweets` without a URL.
    public var post = 0.015
    /// `POST /2/tweets` whose text contains a URL.
    public var postWithURL = 0.200
    /// `POST /2/tweets` answering a post that summoned the account (a mention), without a URL.
    public var reply = 0.010
    /// `POST /2/users/:id/likes` (not available on self-serve tiers since April 2026: refused, free).
    public var like = 0.015
    /// `DELETE /2/tweets/:id` (the bot's copy of a post the human deleted), per request: X's
    /// "Content: Manage" write. The pricing page does not name the endpoints of each line; a
    /// delete is what "manage Posts" means in X's own docs, so it is counted here.
    public var delete = 0.005
    /// `POST /2/media/upload`, per picture uploaded. The pricing page lists no line for uploads;
    /// counted as what it makes, "Content: Create" (our reading: X's console has the bill).
    public var mediaUpload = 0.015
    /// `POST /2/media/metadata` (a picture's alt text or sensitive mark): "Media Metadata", per request.
    public var mediaMetadata = 0.005
    /// A media object a read returns (`includes.media` of the human's posts): "Media: Read", per resource.
    public var mediaRead = 0.005

    public init() {}

    /// The names `X_PRICES` takes, with their key paths.
    static var names: [(String, WritableKeyPath<XPriceTable, Double>)] { [
        ("owned_read", \.ownedRead), ("read", \.read), ("user_read", \.userRead), ("post", \.post), ("post_url", \.postWithURL),
        ("reply", \.reply), ("like", \.like), ("delete", \.delete), ("media_upload", \.mediaUpload),
        ("media_metadata", \.mediaMetadata), ("media_read", \.mediaRead),
    ] }

    /// The defaults with `text`'s overrides (`name=dollars,…`); a bad entry is an error naming it.
    public static func parse(_ text: String) throws(XPriceError) -> XPriceTable {
        var table = XPriceTable()
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let path = names.first(where: { $0.0 == parts[0] })?.1 else {
                throw XPriceError(entry: entry, reason: "expected NAME=DOLLARS with NAME one of \(names.map(\.0).joined(separator: ", "))")
            }
            guard let value = Double(parts[1]), value >= 0, value.isFinite else {
                throw XPriceError(entry: entry, reason: "expected a price in dollars, 0 or more")
            }
            table[keyPath: path] = value
        }
        return table
    }

    /// The price of reading one post from `timeline`: the account's own data or not.
    public func perPost(_ timeline: TweetTimeline) -> Double {
        timeline == .homeTimeline ? read : ownedRead
    }

    public func price(ofPost text: String, reply isReply: Bool) -> Double {
        if Self.containsURL(text) { return postWithURL }
        return isReply ? reply : post
    }

    public func hasURL(_ text: String) -> Bool { Self.containsURL(text) }

    public func price(ofPictures pictures: Int, described: Int) -> Double {
        Double(pictures) * mediaUpload + Double(described) * mediaMetadata
    }

    /// X links `http://…`, `https://…` and bare `www.…` in a post's text (and wraps them in t.co).
    public static func containsURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.contains("http://") || lower.contains("https://") || lower.contains("www.")
    }
}

/// An `X_PRICES` entry that is not a price.
public struct XPriceError: Error, Equatable, CustomStringConvertible {
    public var entry: String
    public var reason: String
    public var description: String { "X_PRICES: '\(entry)': \(reason)" }

    public init(entry: String, reason: String) {
        self.entry = entry
        self.reason = reason
    }
}
