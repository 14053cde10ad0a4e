/// One file of an archive the importer reads.
struct ArchiveFile: Equatable {
    /// In the order the import reads them: what deletes or completes posts before the posts.
    enum Kind: Int, Equatable, Comparable {
        /// `deleted-tweets.js`: posts the human deleted, never imported.
        case deletedTweets
        /// `note-tweet.js`: the whole texts of long posts.
        case noteTweets
        /// `account-timezone.js`.
        case timeZone
        case tweets, likes

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    var kind: Kind
    var path: String
}
