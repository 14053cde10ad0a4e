import BlueskyAPI
import FakeHTTP
import Foundation

extension FakeBlueskyWorld {
    /// The PDS's upload limit (`blobUploadLimit`: `PDS_BLOB_UPLOAD_LIMIT`, 5 MiB by default,
    /// packages/pds/src/config/config.ts); over it the body is refused (413).
    static let blobUploadLimit = 5 * 1_024 * 1_024
    /// `app.bsky.embed.images#image`: the blob's `maxSize` and `accept`; `images` maxLength 4.
    static let imageMaxSize = 2_000_000
    static let imageMaxCount = 4

    /// `com.atproto.repo.uploadBlob`: the body's bytes, typed by its `Content-Type` (required:
    /// the lexicon's input encoding `*/*`), sniffed as the PDS does for the common image formats.
    /// The same bytes uploaded again by the same account are the same blob.
    mutating func uploadBlob(_ request: HTTPRequest, did: String) -> HTTPResponse {
        guard let declared = request.headers["content-type"], !declared.isEmpty else {
            return Self.invalid("Request encoding (Content-Type) required but not provided")
        }
        guard request.body.count <= Self.blobUploadLimit else {
            return Self.error(413, "PayloadTooLarge", "request entity too large")
        }
        guard !request.body.isEmpty else { return Self.invalid("Request body is empty") }
        let mimeType = Self.sniff(request.body) ?? declared.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
        let blob: FakeBlueskyBlob
        if let same = blobs.values.first(where: { $0.did == did && $0.data == request.body }) {
            blob = same
        } else {
            blob = FakeBlueskyBlob(cid: nextBlobCID(), did: did, data: request.body, mimeType: mimeType)
            blobs[blob.cid] = blob
        }
        return .json(200, UploadBlob.Response(blob: BlueskyBlob(cid: blob.cid, mimeType: blob.mimeType, size: blob.data.count)))
    }

    /// `com.atproto.sync.getBlob?did=&cid=`: the blob's bytes as uploaded, with its type.
    func getBlob(_ request: HTTPRequest) -> HTTPResponse {
        guard let did = request.queryValue("did"), let cid = request.queryValue("cid") else {
            return Self.invalid("Params must have the properties \"did\" and \"cid\"")
        }
        guard let blob = blobs[cid], blob.did == did else { return Self.invalid("Blob not found") }
        return HTTPResponse(status: 200, headers: [("Content-Type", blob.mimeType)], body: blob.data)
    }

    /// Why a post record's `embed` is not what the lexicon and the PDS accept, or nil: an
    /// `app.bsky.embed.images` of at most 4 images, each with its `alt` (a string, required)
    /// and a blob ref (`$type` blob, `ref.$link`, `mimeType`, `size`) of a blob this account
    /// uploaded, whose type and size it names (the PDS's `verifyBlob`), an image of at most
    /// 2,000,000 bytes; an `aspectRatio` of integers at least 1.
    func embedProblem(_ embed: Any, did: String) -> String? {
        guard let embed = embed as? [String: Any] else { return "Record/embed must be an object" }
        guard embed["$type"] as? String == BlueskyEmbed.imagesType else {
            return "Record/embed: mirror-bot's fake takes \(BlueskyEmbed.imagesType) only, got \(embed["$type"] ?? "no $type")"
        }
        guard let images = embed["images"] as? [Any] else { return "Record/embed/images must be an array" }
        guard images.count <= Self.imageMaxCount else { return "Record/embed/images must not have more than \(Self.imageMaxCount) elements" }
        for (number, item) in images.enumerated() {
            let name = "Record/embed/images/\(number)"
            guard let image = item as? [String: Any] else { return "\(name) must be an object" }
            guard image["alt"] is String else { return "\(name) must have the property \"alt\"" }
            guard let blob = image["image"] as? [String: Any] else { return "\(name) must have the property \"image\"" }
            guard blob["$type"] as? String == "blob", let ref = blob["ref"] as? [String: Any], let cid = ref["$link"] as? String,
                let mimeType = blob["mimeType"] as? String, let size = blob["size"] as? Int
            else { return "\(name)/image should be a blob ref" }
            guard let stored = blobs[cid], stored.did == did else { return "Could not find blob: \(cid)" }
            guard stored.mimeType == mimeType else {
                return "Referenced Mimetype does not match stored blob. Expected: \(stored.mimeType), Got: \(mimeType)"
            }
            guard stored.data.count == size else { return "Referenced Size does not match stored blob. Expected: \(stored.data.count), Got: \(size)" }
            guard mimeType.hasPrefix("image/") else { return "\(name)/image has a mimeType (\(mimeType)) not accepted (image/*)" }
            guard size <= Self.imageMaxSize else { return "\(name)/image is too big (\(size) bytes; max \(Self.imageMaxSize))" }
            if let ratio = image["aspectRatio"] {
                guard let ratio = ratio as? [String: Any], let width = ratio["width"] as? Int, let height = ratio["height"] as? Int,
                    width >= 1, height >= 1
                else { return "\(name)/aspectRatio must have integer width and height of at least 1" }
            }
        }
        return nil
    }

    /// Why a record's `labels` are not `com.atproto.label.defs#selfLabels`, or nil: at most 10
    /// values, each a `val` string of at most 128 bytes.
    static func labelsProblem(_ labels: Any) -> String? {
        guard let labels = labels as? [String: Any], labels["$type"] as? String == BlueskySelfLabels.type else {
            return "Record/labels must be an object of $type \(BlueskySelfLabels.type)"
        }
        guard let values = labels["values"] as? [Any] else { return "Record/labels must have the property \"values\"" }
        guard values.count <= BlueskySelfLabels.maxValues else { return "Record/labels/values must not have more than 10 elements" }
        for (number, value) in values.enumerated() {
            guard let value = value as? [String: Any], let val = value["val"] as? String else {
                return "Record/labels/values/\(number) must have the property \"val\""
            }
            guard val.utf8.count <= BlueskySelfLabels.maxValueBytes else { return "Record/labels/values/\(number)/val must not be longer than 128 characters" }
        }
        return nil
    }

    /// The type the PDS finds in the bytes (it sniffs them: `file-type`), for the formats it knows here.
    static func sniff(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }

    /// A blob CID's look (CIDv1, raw codec: `bafkrei…`), unique in this world.
    mutating func nextBlobCID() -> String {
        "bafkrei" + nextCID().dropFirst(7)
    }
}
