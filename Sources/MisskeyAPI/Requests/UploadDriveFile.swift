import APIClientCore
import Foundation

/// `drive/files/create`: uploads a file to the caller's drive (`multipart/form-data`; the
/// token in `Authorization: Bearer`, which Misskey reads before a form field `i`) and answers
/// it packed; a note attaches it by id (`CreateNote.fileIds`). Needs `write:drive`; 120 per
/// hour a user (`meta.limit`); a file over the server's `maxFileSize` (250 MB by default,
/// `config.ts`) is refused with a bare 413, a `comment` over 512 characters with
/// `INVALID_PARAM`, a full drive with `NO_FREE_SPACE` (`packages/backend/src/server/api/
/// endpoints/drive/files/create.ts`, `ApiCallService.handleMultipartRequest`).
///
/// The text fields go before the file, as `@fastify/multipart` reads only the fields it met
/// before the file part for certain. `force` is sent true: without it Misskey answers a file
/// whose bytes the drive already holds with that file, keeping its old alt text and flag.
/// A retry after a lost answer may leave a second, unattached copy in the bot's drive.
public struct UploadDriveFile: MisskeyRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public typealias Response = MisskeyDriveFile
    public static let name = "drive/files/create"

    public var data: Data
    public var contentType: String
    public var filename: String
    /// The alt text (at most `maxCommentLength` characters); nil when none.
    public var comment: String?
    public var isSensitive: Bool

    public init(data: Data, contentType: String, filename: String, comment: String?, isSensitive: Bool) {
        self.data = data
        self.contentType = contentType
        self.filename = filename
        self.comment = comment
        self.isSensitive = isSensitive
    }

    /// `DB_MAX_IMAGE_COMMENT_LENGTH` (`packages/backend/src/const.ts`): the longest `comment`.
    public static let maxCommentLength = 512
    /// `config.maxFileSize`'s default (`packages/backend/src/config.ts`: 262,144,000 bytes); a
    /// server may set less, and refuses a larger file with 413.
    public static let defaultMaxFileSize = 262_144_000

    public var requestBody: RequestBody? {
        var fields: [(name: String, value: String)] = [("name", filename), ("isSensitive", isSensitive ? "true" : "false"), ("force", "true")]
        if let comment { fields.append(("comment", comment)) }
        return .multipart(fields: fields, file: .init(name: "file", filename: filename, contentType: contentType, data: data))
    }

    private enum CodingKeys: CodingKey {}
    public func encode(to encoder: any Encoder) throws {}
}
