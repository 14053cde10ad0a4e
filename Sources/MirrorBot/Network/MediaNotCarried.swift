/// A post's media could not go with it (a picture the source no longer serves, a video
/// over the network's limit, an upload refused): nothing was posted, and under
/// `POST_MEDIA=carry` the post is not reposted as bare text.
public struct MediaNotCarried: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which picture and why, in one line (`picture 2 of 3 (https://…): the source answered 404`).
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    /// The reason, naming the `index`-th (from 0) of `count` media and its URL.
    public init(_ index: Int, of count: Int, url: String, _ why: String) {
        self.init(reason: "picture \(index + 1) of \(count) (\(url)): \(why)")
    }

    public var description: String { "media not carried: \(reason)" }
}
