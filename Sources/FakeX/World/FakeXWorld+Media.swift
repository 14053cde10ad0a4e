import FakeHTTP
import Foundation
import XAPI

/// Media as X keeps them (document 2.167 and docs.x.com's media pages): `POST /2/media/upload`
/// (multipart `media` and `media_category`, nothing else: `MediaUploadRequest` has
/// `additionalProperties: false`; the bytes checked against the category's types and sizes),
/// `POST /2/media/metadata` (alt text up to 1,000 characters, `sensitive_media_warning`, on
/// the account's own uploads), posts attaching up to 4 of the account's own uploads in order,
/// and the human's files served at their URLs (as `pbs.twimg.com`).
extension FakeXWorld {
    /// docs.x.com, media introduction: "Image: 5 MB, GIF: 15 MB, Video: 512 MB".
    static let imageByteLimit = 5 * 1_024 * 1_024
    static let gifByteLimit = 15 * 1_024 * 1_024
    static let videoByteLimit = 512 * 1_024 * 1_024
    /// `CreateMediaMetadataMetadataAltText.text.maxLength`.
    static let altTextLimit = 1_000
    /// `CreatePostsMedia.media_ids.maxItems`.
    static let attachmentLimit = 4
    /// The one-shot upload's `media_category` enum: 2.167's `MediaUploadRequest`, 2.159's
    /// `MediaCategoryOneShot` (pictures and subtitles only).
    static func categories(_ dialect: XFieldDialect) -> Set<String> {
        dialect == .postFields
            ? ["tweet_image", "tweet_video", "tweet_gif", "dm_image", "dm_video", "dm_gif", "subtitles"]
            : ["tweet_image", "dm_image", "subtitles"]
    }

    /// What the bytes are, by their first bytes: the picture types `tweet_image` takes
    /// (jpeg, png, webp, bmp, tiff), a GIF, an mp4; nil for anything else.
    static func sniff(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.starts(with: Array("RIFF".utf8)), head.count >= 12, Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if head.starts(with: Array("BM".utf8)) { return "image/bmp" }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if head.count >= 8, Array(head[4..<8]) == Array("ftyp".utf8) { return "video/mp4" }
        return nil
    }

    /// Stores a media object of `ownerID`'s, served at its path.
    mutating func addMedia(data: Data, contentType: String, category: String, ownerID: String, altText: String?, width: Int?, height: Int?)
        -> FakeXMedia
    {
        lastMediaID += 1
        let id = String(lastMediaID)
        let key = "3_" + id
        let type = contentType == "image/gif" && category != "tweet_image" ? "animated_gif" : contentType.hasPrefix("video/") ? "video" : "photo"
        let ext = contentType.split(separator: "/").last.map(String.init) ?? "bin"
        let item = FakeXMedia(
            id: id, key: key, ownerID: ownerID, type: type, category: category, contentType: contentType, data: data, altText: altText,
            width: width, height: height, path: "/media/\(key).\(ext)")
        media[key] = item
        return item
    }

    /// `GET /media/<key>.<ext>`: a media file, as X's file host serves it (no token needed).
    func mediaFile(_ path: String) -> HTTPResponse {
        guard let item = media.values.first(where: { $0.path == path && !removedFiles.contains(path) }) else {
            return .text(404, "Not Found")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", item.contentType)], body: item.data)
    }

    /// `includes.media` of a page: each post's media when `attachments.media_keys` is expanded,
    /// with the fields asked for (`media_key` and `type` always, as X does). In document 2.159 a
    /// `url` and `alt_text` belong to a `Photo`, `variants` to an `AnimatedGif` or `Video`.
    func includedMedia(for page: [FakeXTweet], query: FakeXQuery) -> [XMedia] {
        guard query.expansions.contains("attachments.media_keys") else { return [] }
        let asked = query.mediaFields
        return page.flatMap(\.mediaKeys).compactMap { media[$0] }.map { item in
            let photo = item.type == "photo"
            let url = host.map { "http://\($0)\(item.path)" }
            return XMedia(
                mediaKey: item.key, type: item.type, url: photo && asked.contains("url") ? url : nil,
                altText: photo && asked.contains("alt_text") ? item.altText : nil,
                width: asked.contains("width") ? item.width : nil, height: asked.contains("height") ? item.height : nil,
                variants: !photo && asked.contains("variants") ? [XMedia.Variant(bitRate: 832_000, contentType: item.contentType, url: url)] : nil)
        }
    }

    /// `POST /2/media/upload`: 200 with the media's id and key, or X's 400 for what it refuses.
    mutating func uploadMedia(_ request: HTTPRequest, user: FakeXUser) -> HTTPResponse {
        guard let form = MultipartForm(contentType: request.headers["content-type"], body: request.body) else {
            return invalid("The request body is not valid multipart/form-data")
        }
        // The declared fields (2.159 adds `media_type` and `shared`); anything else is refused.
        let declared = ["media", "media_category", "additional_owners"] + (settings.dialect == .tweetFields ? ["media_type", "shared"] : [])
        if let unknown = form.parts.first(where: { !declared.contains($0.name) }) {
            return invalid("[\(unknown.name)] is not a valid field of the upload", parameter: unknown.name)
        }
        guard let category = form.value("media_category") else {
            return invalid("The `media_category` field is required", parameter: "media_category")
        }
        let categories = Self.categories(settings.dialect)
        guard categories.contains(category) else {
            return invalid("The `media_category` value [\(category)] is not one of [\(categories.sorted().joined(separator: ","))]",
                parameter: "media_category", value: category)
        }
        guard let file = form.part("media"), !file.data.isEmpty else { return invalid("The `media` field is required", parameter: "media") }
        let sniffed = Self.sniff(file.data)
        let (types, limit): (Set<String>, Int) =
            switch category {
            case "tweet_image", "dm_image": (["image/jpeg", "image/png", "image/webp", "image/bmp", "image/tiff"], Self.imageByteLimit)
            case "tweet_gif", "dm_gif": (["image/gif"], Self.gifByteLimit)
            case "tweet_video", "dm_video": (["video/mp4"], Self.videoByteLimit)
            default: ([], 0)
            }
        guard let sniffed, types.contains(sniffed) else {
            return invalid("media type unrecognized for \(category)", parameter: "media")
        }
        guard file.data.count <= limit else {
            return invalid("File size exceeds \(limit) bytes for \(category)", parameter: "media")
        }
        let item = addMedia(data: file.data, contentType: sniffed, category: category, ownerID: user.id, altText: nil, width: nil, height: nil)
        uploads.append(item.key)
        return .json(200, XResponse(data: UploadXMedia.Uploaded(id: item.id, mediaKey: item.key, size: item.data.count)))
    }

    /// `POST /2/media/metadata`: the alt text and warning of one of the account's own uploads.
    mutating func setMediaMetadata(_ request: HTTPRequest, user: FakeXUser) -> HTTPResponse {
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true,
            let body = try? JSONDecoder().decode(CreateXMediaMetadata.Body.self, from: request.body)
        else { return invalid("The request body is not a valid media metadata request") }
        guard body.id.count <= 19, !body.id.isEmpty, body.id.allSatisfy(\.isNumber),
            let key = media.values.first(where: { $0.id == body.id })?.key, media[key]?.ownerID == user.id
        else { return invalid("The media [\(body.id)] was not found", parameter: "id", value: body.id) }
        if let text = body.metadata?.altText?.text, text.count > Self.altTextLimit {
            return invalid("The alt text must be at most \(Self.altTextLimit) characters", parameter: "alt_text")
        }
        if let text = body.metadata?.altText?.text { media[key]?.altText = text }
        if let warning = body.metadata?.sensitiveMediaWarning {
            media[key]?.sensitive = warning.adultContent == true || warning.graphicViolence == true || warning.other == true
        }
        return .json(200, XResponse(data: CreateXMediaMetadata.Associated(id: body.id)))
    }

    /// The `media.media_ids` of a new post, checked: at most 4, each an upload of this account's
    /// for a post (`tweet_*`), one GIF or video alone. The keys in order, or the 400 to answer.
    func attachable(_ ids: [String], user: FakeXUser) -> Result<[String], HTTPResponseBox> {
        guard ids.count <= Self.attachmentLimit else {
            return .failure(HTTPResponseBox(invalid("A post may carry at most \(Self.attachmentLimit) media", parameter: "media.media_ids")))
        }
        var keys: [String] = []
        for id in ids {
            guard let item = media.values.first(where: { $0.id == id }), item.ownerID == user.id, item.category.hasPrefix("tweet_") else {
                return .failure(HTTPResponseBox(invalid("Your media IDs are invalid.", parameter: "media.media_ids", value: id)))
            }
            keys.append(item.key)
        }
        if keys.count > 1, keys.contains(where: { media[$0]?.type != "photo" }) {
            return .failure(HTTPResponseBox(invalid("A GIF or video is attached alone", parameter: "media.media_ids")))
        }
        return .success(keys)
    }
}
