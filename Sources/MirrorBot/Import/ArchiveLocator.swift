import Foundation

/// Finds the tweet and like files of an X archive from what the user gave:
/// the unzipped archive folder (holding `data/`), the `data/` folder itself,
/// or one file (`tweets.js`, `tweet.js`, `tweets-partN.js`, `like.js`, `like-partN.js`).
enum ArchiveLocator {
    static func files(at path: String) throws -> [ArchiveFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, message: "no such file or folder")
        }
        guard isDirectory.boolValue else {
            guard let kind = kind(ofFile: path) else {
                throw InputError(
                    file: path,
                    message: "not an archive tweets or likes file (expected tweets.js, tweet.js, tweets-partN.js, like.js or like-partN.js)")
            }
            return [ArchiveFile(kind: kind, path: path)]
        }
        let folder = URL(fileURLWithPath: path)
        let data = folder.appendingPathComponent("data")
        var dataIsDirectory: ObjCBool = false
        let searched = FileManager.default.fileExists(atPath: data.path, isDirectory: &dataIsDirectory) && dataIsDirectory.boolValue
            ? data : folder
        let names = try FileManager.default.contentsOfDirectory(atPath: searched.path)
        let found = names.compactMap { name -> (ArchiveFile, Int)? in
            guard let (kind, part) = classify(name) else { return nil }
            return (ArchiveFile(kind: kind, path: searched.appendingPathComponent(name).path), part)
        }
        guard found.contains(where: { $0.0.kind == .tweets }) || found.contains(where: { $0.0.kind == .likes }) else {
            throw InputError(file: path, message: "no tweets.js, tweet.js or like.js here or in its data/ folder")
        }
        // Tweets before likes; the base file, then part1, part2, … in number order.
        return found.sorted { a, b in
            if a.0.kind != b.0.kind { return a.0.kind == .tweets }
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

    /// `tweets.js` → (tweets, 0), `tweets-part2.js` → (tweets, 2), `like-part1.js` → (likes, 1).
    /// Other archive files (deleted-tweets.js, note-tweet.js, tweet-headers.js, …) are not ours.
    static func classify(_ name: String) -> (ArchiveFile.Kind, Int)? {
        guard name.hasSuffix(".js") else { return nil }
        let stem = name.dropLast(3)
        for (prefix, kind) in [("tweets", ArchiveFile.Kind.tweets), ("tweet", .tweets), ("like", .likes)] {
            if stem == prefix { return (kind, 0) }
            if stem.hasPrefix(prefix + "-part"), let part = Int(stem.dropFirst(prefix.count + 5)), part >= 0 {
                return (kind, part)
            }
        }
        return nil
    }
}
