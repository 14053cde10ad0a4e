import Foundation
import MisskeyAPI

/// A file in a user's drive, as the fake keeps it: its bytes, the type read from them (Misskey
/// detects it from the file, not from what the upload declared), alt text and flag.
public struct FakeMisskeyDriveFile: Sendable, Equatable {
    public var id: String
    public var userId: String
    public var name: String
    public var type: String
    public var data: Data
    /// The alt text; nil when none.
    public var comment: String?
    public var isSensitive: Bool
    public var width: Int?
    public var height: Int?

    /// Where the file is served (`/files/<id>`, as Misskey serves local files by their key).
    var path: String { "/files/" + id }

    /// Packed as `DriveFileEntityService.pack` does, its URL on `baseURL`.
    func pack(baseURL: String) -> MisskeyDriveFile {
        let properties = width.map { MisskeyDriveFile.Properties(width: $0, height: height) } ?? MisskeyDriveFile.Properties()
        return MisskeyDriveFile(
            id: id, name: name, type: type, size: data.count, isSensitive: isSensitive, properties: properties, url: baseURL + path,
            comment: comment)
    }

    /// The MIME type of `data` by its first bytes (`file-type`, as `FileInfoService` detects it).
    static func detectedType(_ data: Data) -> String {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if head.count >= 8, Array(head[4..<8]) == Array("ftyp".utf8) { return "video/mp4" }
        return "application/octet-stream"
    }

    /// A PNG's width and height (its IHDR chunk); nil for anything else.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, detectedType(data) == "image/png" else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}

/// A picture of the human's to seed a note with.
public struct FakeMisskeyPicture: Sendable {
    public var data: Data
    public var name: String
    public var comment: String?
    public var isSensitive: Bool

    public init(data: Data, name: String = "picture.png", comment: String? = nil, isSensitive: Bool = false) {
        self.data = data
        self.name = name
        self.comment = comment
        self.isSensitive = isSensitive
    }
}
