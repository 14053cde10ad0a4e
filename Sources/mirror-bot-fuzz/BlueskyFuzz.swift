import JSONLines
import MirrorBot
@testable import MirrorBotBluesky
import MirrorBotImport

extension FuzzTarget {
    /// A Bluesky repository export (`.car`) read and checked as `mirror-bot import` does:
    /// `BlueskyCARFile` (varints, CIDs, blocks), `CBORDecoder` (libcbor), `BlueskyRepository`
    /// (the commit, the Merkle search tree), the post and like records. Only `InputError`.
    static let blueskyCAR = FuzzTarget(name: "bluesky-car", about: "repo.car: BlueskyCARFile, CBORDecoder, BlueskyRepository, records") { bytes in
        expectingInputErrors {
            let (posts, _, _) = try ArchiveImporter.readRepository(Array(bytes), file: "repo.car")
            for post in posts { exercise(post) }
        }
    }
}
