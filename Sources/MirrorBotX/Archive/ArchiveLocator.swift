import Foundation
import JSONLines
import MirrorBot

/// Finds the files of an X archive the import reads from what the user gave: the
/// unzipped archive folder (holding `data/`), the `data/` folder itself, or one file
/// (`tweets.js`, `tweet.js`, `tweets-partN.js`, `like.js`, `like-partN.js`).
///
/// Besides the posts (`tweets.js` since about 2021, `tweet.js` before, split into
/// `tweets-partN.js` in large archives) and likes, it takes `deleted-tweets.js` (posts
/// never to import), `note-tweet.js` (the whole text of long posts) and
/// `account-timezone.js`; for one posts file, those beside it. When the folder has
/// `manifest.js`, every posts, likes, long-post or deleted-posts file it lists with
/// entries must be there: a missing part is an error, not an import of part of the archive.
enum ArchiveLocator {
    static func files(at path: String) throws -> [ArchiveFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, message: "no such file or folder")
        }
        guard isDirectory.boolValue else {
            guard let kind = kind(ofFile: path), kind == .tweets || kind == .likes else {
                throw InputError(
                    file: path,
                    message: "not an archive tweets or likes file (expected tweets.js, tweet.js, tweets-partN.js, like.js or like-partN.js)")
            }
            let file = ArchiveFile(kind: kind, path: path)
            guard kind == .tweets else { return [file] }
            // What deletes or completes these posts, from the same folder.
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let helpers = try found(in: folder).filter { $0.0.kind == .deletedTweets || $0.0.kind == .noteTweets }
            return sorted(helpers) + [file]
        }
        let folder = URL(fileURLWithPath: path)
        let data = folder.appendingPathComponent("data")
        var dataIsDirectory: ObjCBool = false
        let searched = FileManager.default.fileExists(atPath: data.path, isDirectory: &dataIsDirectory) && dataIsDirectory.boolValue
            ? data : folder
        let found = try found(in: searched)
        guard found.contains(where: { $0.0.kind == .tweets || $0.0.kind == .likes }) else {
            throw InputError(file: path, message: "no tweets.js, tweet.js or like.js here or in its data/ folder")
        }
        let manifest = searched.appendingPathComponent("manifest.js").path
        if FileManager.default.fileExists(atPath: manifest) {
            try ArchiveManifest(path: manifest).checkPresent(in: searched, found: Set(found.map { URL(fileURLWithPath: $0.0.path).lastPathComponent }))
        }
        return sorted(found)
    }

    /// The archive files in `folder` this import reads, with their part numbers.
    private static func found(in folder: URL) throws -> [(ArchiveFile, Int)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).compactMap { name in
            guard let (kind, part) = classify(name) else { return nil }
            return (ArchiveFile(kind: kind, path: folder.appendingPathComponent(name).path), part)
        }
    }

    /// Deleted posts, long posts and the time zone first, then posts, then likes;
    /// the base file, then part1, part2, … in number order.
    private static func sorted(_ found: [(ArchiveFile, Int)]) -> [ArchiveFile] {
        found.sorted { a, b in
            if a.0.kind != b.0.kind { return a.0.kind < b.0.kind }
            return a.1 != b.1 ? a.1 < b.1 : a.0.path < b.0.path
        }.map(\.0)
    }

    /// What a single file holds: by its name, else by its `window.YTD.<type>` header.
    static func kind(ofFile path: String) -> ArchiveFile.Kind? {
        if let (kind, _) = classify(URL(fileURLWithPath: path).lastPathComponent) { return kind }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self)
        if head.contains("window.YTD.tweets.") || head.contains("window.YTD.tweet.") { return .tweets }
        if head.contains("window.YTD.like.") { return .likes }
        return nil
    }

    /// `tweets.js` → (tweets, 0), `tweets-part2.js` → (tweets, 2), `like-part1.js` → (likes, 1),
    /// `deleted-tweets.js`, `note-tweet.js`, `account-timezone.js`.
    /// Other archive files (tweet-headers.js, deleted-tweet-headers.js, …) are not ours.
    static func classify(_ name: String) -> (ArchiveFile.Kind, Int)? {
        guard name.hasSuffix(".js") else { return nil }
        let stem = name.dropLast(3)
        let prefixes: [(String, ArchiveFile.Kind)] = [
            ("tweets", .tweets), ("tweet", .tweets), ("like", .likes), ("deleted-tweets", .deletedTweets),
            ("note-tweet", .noteTweets), ("account-timezone", .timeZone),
        ]
        for (prefix, kind) in prefixes {
            if stem == prefix { return (kind, 0) }
            if stem.hasPrefix(prefix + "-part"), let part = Int(stem.dropFirst(prefix.count + 5)), part >= 0 {
                return (kind, part)
            }
        }
        return nil
    }
}
