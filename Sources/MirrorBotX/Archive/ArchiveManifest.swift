import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport

/// `manifest.js` of an X archive (`window.__THAR_CONFIG = {…}`): which files each
/// data type was written to, and how many entries each holds.
struct ArchiveManifest {
    struct Listed: Equatable {
        var name: String
        var count: Int?
    }

    let path: String
    /// The listed files of the data types the import reads.
    private(set) var listed: [Listed] = []

    /// The data types whose files the import reads (`tweet` in 2020 archives, `tweets` later).
    static let types = ["tweets", "tweet", "like", "noteTweet", "deletedTweets"]

    init(path: String) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read the file")
        }
        guard let equals = data.firstIndex(of: UInt8(ascii: "=")) else {
            throw InputError(file: path, message: "expected 'window.__THAR_CONFIG = { … }'")
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data[(equals + 1)...])
        } catch let error as DecodingError {
            throw InputError(file: path, message: error.inputMessage)
        }
        for type in Self.types {
            for file in manifest.dataTypes[type]?.files ?? [] {
                listed.append(Listed(name: URL(fileURLWithPath: file.fileName).lastPathComponent, count: file.count.flatMap { Int($0) }))
            }
        }
    }

    /// Throws naming the first listed file with entries that is not among `found`.
    func checkPresent(in folder: URL, found: Set<String>) throws {
        for file in listed where !found.contains(file.name) && (file.count ?? 1) > 0 {
            let entries = file.count.map { " with \($0.grouped) entries" } ?? ""
            throw InputError(file: path, message: "lists \(file.name)\(entries), which is not in \(folder.path): the archive is incomplete")
        }
    }

    private struct Manifest: Decodable {
        var dataTypes: [String: DataType]
    }

    private struct DataType: Decodable {
        var files: [File]?
    }

    private struct File: Decodable {
        var fileName: String
        var count: String?
    }
}
