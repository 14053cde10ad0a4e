/// A drive file as Misskey packs it (`DriveFileEntityService.pack`,
/// `packages/backend/src/models/json-schema/drive-file.ts`): what a note's `files[]`,
/// `drive/files/create` and the notes export (`ExportNotesProcessorService`, `packManyByIds`)
/// carry, the fields mirror-bot reads. `comment` is the alt text (at most 512 characters,
/// `DB_MAX_IMAGE_COMMENT_LENGTH`); `url` is the public file (for an image, the web-public
/// copy when Misskey made one).
public struct MisskeyDriveFile: Sendable, Codable, Equatable {
    /// The width and height Misskey read from the file (absent for what is not an image or video).
    public struct Properties: Sendable, Codable, Equatable {
        public var width: Int?
        public var height: Int?

        public init(width: Int? = nil, height: Int? = nil) {
            self.width = width
            self.height = height
        }
    }

    public var id: String
    public var name: String?
    /// The MIME type: `image/png`, `video/mp4`, …
    public var type: String
    public var size: Int?
    public var isSensitive: Bool?
    public var properties: Properties?
    public var url: String?
    /// The alt text; null when none.
    public var comment: String?

    public init(
        id: String, name: String? = nil, type: String, size: Int? = nil, isSensitive: Bool? = nil, properties: Properties? = nil,
        url: String?, comment: String? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.size = size
        self.isSensitive = isSensitive
        self.properties = properties
        self.url = url
        self.comment = comment
    }
}
