import APIClientCore
import Foundation
import MirrorBot
import XAPI

extension XNetwork {
    /// X attaches at most 4 pictures to a post (`CreatePostsMedia.media_ids.maxItems`), or one
    /// GIF or video (docs.x.com, media "Best practices").
    static let mediaLimit = 4
    /// Bytes of one picture X's upload takes (docs.x.com, media introduction: "Image: 5 MB").
    static let imageByteLimit = 5 * 1_024 * 1_024
    /// The picture types `tweet_image` takes (docs.x.com, "Upload media": jpeg, bmp, png, webp,
    /// pjpeg, tiff; a GIF is `tweet_gif`).
    static let imageTypes: Set<String> = ["image/jpeg", "image/pjpeg", "image/png", "image/webp", "image/bmp", "image/tiff"]

    public var carriesMedia: Bool { true }

    /// The human's post with its pictures: each fetched (its URL now, or the imported archive's
    /// file), uploaded (`POST /2/media/upload`, `tweet_image`), given its alt text and the
    /// human's sensitive mark (`POST /2/media/metadata`), then attached in order
    /// (`POST /2/tweets` `media.media_ids`). Videos and animated GIFs are not carried: X takes
    /// them only through the chunked upload, which the bot does not do.
    public func post(whole source: Post) async throws -> String {
        guard !source.media.isEmpty else { return try await post(text: source.text, inReplyTo: nil) }
        let media = source.media
        if media.count > Self.mediaLimit {
            throw MediaNotCarried(reason: "\(media.count) pictures; X attaches at most \(Self.mediaLimit)", lasting: true)
        }
        // Every picture fetched before any is uploaded: one the source lost leaves no upload behind.
        var files: [UploadXMedia] = []
        for (index, item) in media.enumerated() {
            files.append(try await fetch(item, index, of: media.count))
        }
        var ids: [String] = []
        for (index, file) in files.enumerated() {
            ids.append(try await upload(file, index, of: media))
        }
        for (index, id) in ids.enumerated() where media[index].altText != nil || media[index].sensitive {
            try await describe(id, media[index], index, of: media.count)
        }
        let request = CreateTweet(text: source.text, mediaIDs: ids)
        let response = try await paying(.post(text: source.text, reply: false)) {
            try await Self.mappingErrors { try await client.send(request) }
        }
        guard let id = response.data?.id else {
            throw NetworkError.failed(endpoint: request.endpoint, status: 201, detail: "response without data")
        }
        return id
    }

    /// One picture from the source, as the upload that carries it; what X cannot take is not carried.
    private func fetch(_ item: PostMedia, _ index: Int, of count: Int) async throws -> UploadXMedia {
        func notCarried(_ why: String, lasting: Bool = true) -> MediaNotCarried { MediaNotCarried(index, of: count, url: item.url, why, lasting: lasting) }
        switch item.kind {
        case .photo: break
        case .video, .gifv:
            let what = item.kind == .video ? "video" : "GIF"
            throw notCarried("a \(what); X takes it only through the chunked upload, which the bot does not do")
        case .other: throw notCarried("media of no known kind")
        }
        guard let url = URL(string: item.url), ["https", "http", "file"].contains(url.scheme ?? "") else {
            throw notCarried("no URL to fetch it from (a file missing from the archive?)")
        }
        if let alt = item.altText, alt.count > CreateXMediaMetadata.altTextLimit {
            throw notCarried("alt text of \(alt.count) characters; X keeps \(CreateXMediaMetadata.altTextLimit)")
        }
        let reply: HTTPReply
        do {
            reply = url.isFileURL ? try MediaFile.read(url) : try await client.fetch(url)
        } catch {
            // The source did not answer: tried again with the slot, not given up.
            throw NetworkError.failed(endpoint: "GET picture", status: 0, detail: "\(url.host ?? "the source"): \(error)")
        }
        guard (200..<300).contains(reply.status) else {
            if reply.status >= 500 { throw NetworkError.failed(endpoint: "GET picture", status: reply.status, detail: "the source failed") }
            throw notCarried("the source answered \(reply.status)", lasting: [404, 410].contains(reply.status))
        }
        guard reply.body.count <= Self.imageByteLimit else {
            throw notCarried("\(reply.body.count) bytes; X takes \(Self.imageByteLimit) for a picture")
        }
        let type = MediaFile.type(reply.headers["content-type"], url: url)
        guard Self.imageTypes.contains(type) else {
            throw notCarried("a file of type \(type); X's picture upload takes \(Self.imageTypes.sorted().joined(separator: ", "))")
        }
        return UploadXMedia(data: reply.body, category: .tweetImage, contentType: type, filename: MediaFile.name(url, type: type))
    }

    /// Uploads one fetched picture; a 4xx other than a sign-in failure (a type or size X refuses) is not carried.
    private func upload(_ file: UploadXMedia, _ index: Int, of media: [PostMedia]) async throws -> String {
        let response: UploadXMedia.Response
        do {
            response = try await paying(.mediaUpload) { try await client.send(file) }
        } catch let error as XAPIError {
            throw Self.mediaError(error, index, of: media)
        }
        guard let uploaded = response.data else {
            throw MediaNotCarried(index, of: media.count, url: media[index].url, "X answered the upload without data")
        }
        if let state = uploaded.processingInfo?.state, state != "succeeded" {
            throw MediaNotCarried(index, of: media.count, url: media[index].url, "X's processing of the upload is \(state)")
        }
        return uploaded.id
    }

    /// Sets an upload's alt text and sensitive mark.
    private func describe(_ id: String, _ item: PostMedia, _ index: Int, of count: Int) async throws {
        let request = CreateXMediaMetadata(mediaID: id, altText: item.altText, sensitive: item.sensitive)
        do {
            _ = try await paying(.mediaMetadata) { try await client.send(request) }
        } catch let error as XAPIError {
            throw Self.mediaError(error, index, of: [PostMedia](repeating: item, count: count))
        }
    }

    /// A refusal of a media request: X's 400 or another 4xx but 401 and 429 is this picture not
    /// carried; the rest is the network's error (tried again, or the account's sign-in).
    private static func mediaError(_ error: XAPIError, _ index: Int, of media: [PostMedia]) -> any Error {
        switch error {
        case .invalidRequest(_, _, let detail):
            return MediaNotCarried(index, of: media.count, url: media[index].url, "X refused it (HTTP 400): \(detail)")
        case .failed(_, let status, let detail) where (400..<500).contains(status) && status != 429:
            return MediaNotCarried(index, of: media.count, url: media[index].url, "X refused it (HTTP \(status)): \(detail)")
        default:
            return networkError(error)
        }
    }

    /// A post's media as stored with it, in `attachments.media_keys` order, from `includes.media`:
    /// a photo's `url`; a video's or GIF's best mp4 variant. A key the answer does not include is
    /// kept with no URL (nothing can fetch it, so the post is never picked to go whole).
    static func media(of tweet: XTweet, in included: [XMedia]) -> [PostMedia] {
        (tweet.attachments?.mediaKeys ?? []).map { key in
            guard let item = included.first(where: { $0.mediaKey == key }) else { return PostMedia(kind: .other, url: "") }
            let kind: PostMedia.Kind =
                switch item.type {
                case "photo": .photo
                case "video": .video
                case "animated_gif": .gifv
                default: .other
                }
            let url = kind == .photo ? item.url : bestVariant(item.variants)
            return PostMedia(kind: kind, url: url ?? "", altText: item.altText, width: item.width, height: item.height)
        }
    }

    /// The mp4 variant of the highest bit rate (X also lists an HLS playlist, which is not a file).
    static func bestVariant(_ variants: [XMedia.Variant]?) -> String? {
        (variants ?? []).filter { $0.contentType == "video/mp4" && $0.url != nil }.max { ($0.bitRate ?? 0) < ($1.bitRate ?? 0) }?.url
    }
}

extension XNetwork {
    /// The post's text without the `t.co` link X appended to it for its media (`link`, the
    /// archive's `extended_entities.media[].url`; nil: the last `https://t.co/…` at its end, where
    /// X always puts it), so the bot's post carries the pictures, not a link to the human's.
    public static func withoutMediaLink(_ text: String, link: String?) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let link, !link.isEmpty {
            guard trimmed.hasSuffix(link) else { return text }
            return String(trimmed.dropLast(link.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let range = trimmed.range(of: "https://t.co/", options: .backwards) else { return text }
        let tail = trimmed[range.upperBound...]
        guard !tail.isEmpty, tail.allSatisfy({ $0.isLetter || $0.isNumber }) else { return text }
        return String(trimmed[..<range.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
