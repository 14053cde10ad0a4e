import Foundation
import MirrorBot

/// Finds a Mastodon account export: a folder holding `outbox.json` (and
/// perhaps `likes.json`), or `outbox.json` / `likes.json` itself.
enum MastodonExportLocator {
    struct Files: Equatable {
        var outbox: String?
        var likes: String?
    }

    /// The export's files at `path`, or nil when it is not a Mastodon export.
    static func files(at path: String) -> Files? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            let folder = URL(fileURLWithPath: path)
            let outbox = folder.appendingPathComponent("outbox.json").path
            guard FileManager.default.fileExists(atPath: outbox) else { return nil }
            let likes = folder.appendingPathComponent("likes.json").path
            return Files(outbox: outbox, likes: FileManager.default.fileExists(atPath: likes) ? likes : nil)
        }
        switch URL(fileURLWithPath: path).lastPathComponent {
        case "outbox.json": return Files(outbox: path, likes: nil)
        case "likes.json": return Files(outbox: nil, likes: path)
        default: return nil
        }
    }

    /// Whether `path` is a Mastodon export rather than an X archive.
    static func isExport(_ path: String) -> Bool { files(at: path) != nil }
}
