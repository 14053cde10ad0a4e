import FakeHTTP
import Foundation
import MastodonAPI

/// Media as Mastodon keeps them: `POST /api/v2/media` (multipart, checked as
/// `MediaAttachment` validates: type, size, alt text length), `GET /api/v1/media/:id` while
/// processing (206, then 200), statuses attaching up to 4 of the account's own unattached,
/// processed uploads (`PostStatusService#validate_media!`), and files served at their URL.
extension FakeMastodonWorld {
    /// `MediaAttachment::IMAGE_MIME_TYPES`, `VIDEO_MIME_TYPES` and the common audio ones.
    static let imageTypes: Set<String> = ["image/jpeg", "image/png", "image/gif"]
    static let videoTypes: Set<String> = ["video/webm", "video/mp4", "video/quicktime", "video/ogg"]
    static let audioTypes: Set<String> = ["audio/wave", "audio/wav", "audio/ogg", "audio/mpeg", "audio/mp3", "audio/flac", "audio/aac", "audio/mp4"]
    /// mastodon.social's `configuration.media_attachments`: 16 MiB an image, 99 MiB a video.
    static let imageByteLimit = 16 * 1_024 * 1_024
    static let videoByteLimit = 99 * 1_024 * 1_024
    /// `MediaAttachment::MAX_DESCRIPTION_LENGTH`.
    static let descriptionLimit = 1_500
    /// `Status::MEDIA_ATTACHMENTS_LIMIT`.
    static let attachmentLimit = 4

    /// Mastodon's type for a file: a GIF becomes a `gifv` (it is transcoded to a looping video).
    static func mediaType(_ contentType: String) -> String? {
        if contentType == "image/gif" { return "gifv" }
        if imageTypes.contains(contentType) { return "image" }
        if videoTypes.contains(contentType) { return "video" }
        if audioTypes.contains(contentType) { return "audio" }
        return nil
    }

    /// Whether the bytes are what the declared type says (Paperclip refuses a spoofed type).
    static func bytesMatch(_ data: Data, _ contentType: String) -> Bool {
        let head = [UInt8](data.prefix(8))
        switch contentType {
        case "image/png": return head.starts(with: [0x89, 0x50, 0x4E, 0x47])
        case "image/jpeg": return head.starts(with: [0xFF, 0xD8, 0xFF])
        case "image/gif": return head.starts(with: Array("GIF8".utf8))
        default: return !data.isEmpty
        }
    }

    /// Stores a picture of `accountID`'s, processed and served at its path.
    mutating func addMedia(_ picture: FakeMastodonPicture, accountID: String, statusID: String?) -> FakeMastodonMedia {
        lastRecordID += 1
        let id = String(lastRecordID)
        let ext = picture.contentType.split(separator: "/").last.map(String.init) ?? "bin"
        let item = FakeMastodonMedia(
            id: id, accountID: accountID, type: Self.mediaType(picture.contentType) ?? "unknown", contentType: picture.contentType,
            data: picture.data, description: picture.description, width: picture.width, height: picture.height,
            path: "/system/media_attachments/files/\(id)/original/\(id).\(ext)", statusID: statusID)
        media[id] = item
        return item
    }

    /// `GET /system/…`: a media file, as the server's file host serves it (no token needed).
    func mediaFile(_ path: String) -> HTTPResponse {
        guard let item = media.values.first(where: { $0.path == path && !removedFiles.contains(path) }) else {
            return .text(404, "Not Found")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", item.contentType)], body: item.data)
    }

    /// `POST /api/v2/media`: 202 with `url: null` (processing) or 422 for what Mastodon refuses.
    mutating func uploadMedia(_ request: HTTPRequest, account: MastodonAccount) -> HTTPResponse {
        guard let form = MultipartForm(contentType: request.headers["content-type"], body: request.body) else {
            return Self.error(422, "Validation failed: File can't be blank")
        }
        guard let file = form.part("file"), file.filename != nil, let declared = file.contentType?.lowercased() else {
            return Self.error(422, "Validation failed: File can't be blank")
        }
        guard let type = Self.mediaType(declared), Self.bytesMatch(file.data, declared) else {
            return Self.error(422, "Validation failed: File content type is invalid, File is invalid")
        }
        let limit = type == "image" ? Self.imageByteLimit : Self.videoByteLimit
        guard file.data.count < limit else {
            return Self.error(422, "Validation failed: File file size must be less than \(limit / 1_048_576) MB")
        }
        let description = form.value("description")
        if let description, description.count > Self.descriptionLimit {
            return Self.error(422, "Validation failed: Description is too long (maximum is \(Self.descriptionLimit) characters)")
        }
        var item = addMedia(
            FakeMastodonPicture(data: file.data, contentType: declared, description: description), accountID: account.id, statusID: nil)
        item.pollsLeft = processingPolls
        media[item.id] = item
        uploads.append(item.id)
        return .json(item.isProcessed ? 200 : 202, apiMedia(item))
    }

    /// `GET /api/v1/media/:id`: the account's own upload; 206 while processing, then 200.
    mutating func getMedia(_ id: String, account: MastodonAccount) -> HTTPResponse {
        guard var item = media[id], item.accountID == account.id else { return Self.error(404, "Record not found") }
        if item.pollsLeft > 0 {
            item.pollsLeft -= 1
            media[id] = item
        }
        return .json(item.isProcessed ? 200 : 206, apiMedia(item))
    }

    /// The `media_ids[]` of a new status, checked as `PostStatusService#validate_media!`; the
    /// ids in order, or the 422 to answer.
    func attachable(_ ids: [String], account: MastodonAccount) -> Result<[String], HTTPError> {
        guard !ids.isEmpty else { return .success([]) }
        guard ids.count <= Self.attachmentLimit else { return .failure(HTTPError(Self.error(422, "Cannot attach more than \(Self.attachmentLimit) files"))) }
        let missing = ids.filter { media[$0]?.accountID != account.id || media[$0]?.statusID != nil }
        guard missing.isEmpty else {
            return .failure(HTTPError(Self.error(422, "Media \(missing.joined(separator: ", ")) not found or already attached to another post")))
        }
        let items = ids.compactMap { media[$0] }
        if items.count > 1, items.contains(where: { $0.type == "video" || $0.type == "audio" }) {
            return .failure(HTTPError(Self.error(422, "Cannot attach a video to a post that already contains images")))
        }
        guard items.allSatisfy(\.isProcessed) else {
            return .failure(HTTPError(Self.error(422, "Cannot attach files that have not finished processing. Try again in a moment!")))
        }
        return .success(ids)
    }

    /// An attachment in the API's shape; `url` null while processing.
    func apiMedia(_ item: FakeMastodonMedia) -> MastodonMediaAttachment {
        MastodonMediaAttachment(
            id: item.id, type: item.type, url: item.isProcessed ? baseURL + item.path : nil, description: item.description,
            width: item.width, height: item.height)
    }

    /// A 422 or other refusal carried out of a check.
    struct HTTPError: Error {
        var response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }
}
