/// A post's media could not go with it (a picture the source no longer serves, a video
/// over the network's limit, an upload refused): nothing was posted, and under
/// `POST_MEDIA=carry` the post is not reposted as bare text.
public struct MediaNotCarried: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which picture and why, in one line (`picture 2 of 3 (https://…): the source answered 404`).
    public var reason: String
    /// The post itself cannot be carried, now or later (too many pictures, a video, a file its
    /// export lacks, a picture its source answers 404 or 410 for): the posting loop keeps it
    /// from the picks like a refused text. An upload the bot's network refused is not lasting
    /// (a token without the upload scope, a server's limit): the post may go once that changes.
    public var lasting: Bool

    public init(reason: String, lasting: Bool = false) {
        self.reason = reason
        self.lasting = lasting
    }

    /// The reason, naming the `index`-th (from 0) of `count` media and its URL.
    public init(_ index: Int, of count: Int, url: String, _ why: String, lasting: Bool = false) {
        self.init(reason: "picture \(index + 1) of \(count) (\(url)): \(why)", lasting: lasting)
    }

    public var description: String { "media not carried: \(reason)" }
}
