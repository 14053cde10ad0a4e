import APIClientCore
import Foundation
import MisskeyAPI

/// One note of Misskey's notes export (`ExportNotesProcessorService`): the user's own note,
/// of any visibility; no user, mentions or reactions. A pure renote has `renoteId` and null `text`.
struct MisskeyExportNote: Decodable, Sendable {
    var id: String
    var text: String?
    var createdAt: String
    var replyId: String?
    var renoteId: String?
    var cw: String?
    var visibility: String
    var fileIds: [String]?
    /// The files packed (`driveFileEntityService.packManyByIds`: type, url, comment, isSensitive,
    /// properties), in the order of `fileIds`; absent in exports made before Misskey wrote them.
    var files: [MisskeyDriveFile]?

    /// A renote without words of its own (a quote has text).
    var isPureRenote: Bool { renoteId != nil && (text ?? "").isEmpty && (fileIds ?? []).isEmpty }

    /// Readable by anyone: `public` or `home` (home is public, only left out of the public
    /// timelines). A warned one is kept with its warning (`cw`, issue 40).
    var isRepostable: Bool { ["public", "home"].contains(visibility) }

    var createdDate: Date? { ISO8601Timestamp.parse(createdAt) }
}

/// An export's array read element by element: a malformed note is reported with its index.
struct MisskeyExportArray: Decodable {
    var items: [Result<MisskeyExportNote, DecodingError>]

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var items: [Result<MisskeyExportNote, DecodingError>] = []
        while !container.isAtEnd {
            do {
                items.append(.success(try container.decode(MisskeyExportNote.self)))
            } catch let error as DecodingError {
                items.append(.failure(error))
                // Step past the element that could not be read.
                _ = try? container.decode(Skipped.self)
            }
        }
        self.items = items
    }

    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
