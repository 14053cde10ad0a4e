import APIClientCore
import BlueskyAPI
import Foundation
import ImageShrink
import MirrorBot

extension BlueskyNetwork {
    /// Pictures a post embeds (`app.bsky.embed.images`: `images` maxLength 4).
    static let mediaLimit = BlueskyEmbed.maxImages
    /// Bytes of one picture (`app.bsky.embed.images#image`: `image` blob `maxSize` 2,000,000,
    /// `accept` `image/*`). The PDS takes larger uploads (its `blobUploadLimit`, 5 MiB by
    /// default) but refuses the record that references one over the lexicon's size.
    static let imageByteLimit = 2_000_000

    public var carriesMedia: Bool { true }

    /// The human's post with its pictures: each fetched now (`BlueskyBlobURL`, or an imported
    /// export's file), one over 2,000,000 bytes re-encoded smaller (`ImageShrinker`),
    /// uploaded (`com.atproto.repo.uploadBlob`), then embedded in order with its alt text and
    /// aspect ratio, the post carrying its content self-labels. Video is not carried.
    public func post(whole source: Post) async throws -> String {
        let labels = try selfLabels(for: source.warning, picturesSensitive: source.media.contains(where: \.sensitive))
        guard !source.media.isEmpty else { return try await write(text: source.text, inReplyTo: nil, labels: labels, embed: nil) }
        let media = source.media
        if media.count > Self.mediaLimit {
            throw MediaNotCarried(reason: "\(media.count) pictures; a Bluesky post embeds at most \(Self.mediaLimit)", lasting: true)
        }
        // Every picture fetched (and made small enough) before any is uploaded: one lost uploads nothing.
        var files: [(data: Data, type: String)] = []
        for (index, item) in media.enumerated() {
            files.append(try await fetch(item, index, of: media.count))
        }
        var images: [BlueskyImage] = []
        for (index, file) in files.enumerated() {
            let blob = try await upload(file.data, type: file.type, index, of: media)
            let item = media[index]
            let ratio = item.width.flatMap { width in item.height.map { BlueskyAspectRatio(width: width, height: $0) } }
            images.append(BlueskyImage(image: blob, alt: item.altText ?? "", aspectRatio: ratio.flatMap { $0.width >= 1 && $0.height >= 1 ? $0 : nil }))
        }
        return try await write(text: source.text, inReplyTo: nil, labels: labels, embed: BlueskyEmbed(images: images))
    }

    /// The self-labels that carry `warning` on Bluesky; nil for none. Bluesky has no warning
    /// with words (Mastodon's `spoiler_text`, Misskey's `cw`) and no label for "sensitive" of
    /// no named kind (Mastodon's bare `sensitive`): calling such a post `nudity` or
    /// `graphic-media` would say what the human never said, so it is refused, not sent.
    /// A picture marked sensitive on its own (Misskey's `isSensitive`) with no self-label on the
    /// post is refused the same way.
    func selfLabels(for warning: PostWarning?, picturesSensitive: Bool = false) throws -> BlueskySelfLabels? {
        let refuse = { (why: String) -> NetworkError in
            log.warning("bluesky_warning_not_carried", ["reason": why, "action": "not sent"])
            return NetworkError.failed(endpoint: Self.createRecordEndpoint, status: 400, detail: "\(why): not sent")
        }
        guard let warning, !warning.labels.isEmpty || !warning.text.isEmpty else {
            if picturesSensitive { throw refuse("a picture marked sensitive; no Bluesky self-label says that") }
            return nil
        }
        guard warning.text.isEmpty else { throw refuse("a content warning with words; Bluesky has none") }
        let unknown = warning.labels.filter { !SensitivityLabel.blueskySelfLabels.contains($0) }
        guard unknown.isEmpty else {
            throw refuse("marked \(unknown.map(\.rawValue).joined(separator: ", ")); no Bluesky self-label says that")
        }
        return warning.labels.isEmpty ? nil : BlueskySelfLabels(warning.labels.map(\.rawValue))
    }

    /// One picture from where it was stored, its bytes within Bluesky's limit; a 4xx is not carried.
    private func fetch(_ item: PostMedia, _ index: Int, of count: Int) async throws -> (data: Data, type: String) {
        func notCarried(_ why: String, lasting: Bool = true) -> MediaNotCarried { MediaNotCarried(index, of: count, url: item.url, why, lasting: lasting) }
        switch item.kind {
        case .photo: break
        case .video, .gifv: throw notCarried("a video; mirror-bot carries pictures only to Bluesky")
        case .other: throw notCarried("audio or media of no known kind")
        }
        guard let url = URL(string: item.url), ["https", "http", "file"].contains(url.scheme ?? "") else {
            throw notCarried("no URL to fetch it from (a file missing from the export?)")
        }
        let reply: HTTPReply
        do {
            if url.isFileURL {
                guard FileManager.default.fileExists(atPath: url.path) else { throw notCarried("the export's file is gone") }
                reply = HTTPReply(status: 200, body: try Data(contentsOf: url))
            } else {
                reply = try await client.core.fetch(url)
            }
        } catch let error as MediaNotCarried {
            throw error
        } catch {
            // The source did not answer: tried again with the slot, not given up.
            throw NetworkError.failed(endpoint: "GET picture", status: 0, detail: "\(url.host ?? "the source"): \(error)")
        }
        guard (200..<300).contains(reply.status) else {
            if reply.status >= 500 { throw NetworkError.failed(endpoint: "GET picture", status: reply.status, detail: "the source failed") }
            throw notCarried("the source answered \(reply.status)", lasting: [404, 410].contains(reply.status))
        }
        let type = MediaFile.type(reply.headers["content-type"], url: url)
        guard type.hasPrefix("image/") else { throw notCarried("\(type); Bluesky embeds images only") }
        guard reply.body.count > Self.imageByteLimit else { return (reply.body, type) }
        do {
            let smaller = try await Self.shrinkAside(reply.body)
            log.info("bluesky_picture_reencoded", [
                "picture": index + 1, "bytes": reply.body.count, "reencoded": smaller.data.count, "width": smaller.width, "height": smaller.height,
            ])
            return (smaller.data, "image/jpeg")
        } catch {
            throw notCarried("\(reply.body.count) bytes, over Bluesky's \(Self.imageByteLimit), and not re-encoded: \(error)")
        }
    }

    /// Uploads one picture; a 4xx (a size or type the PDS refuses) is not carried.
    private func upload(_ data: Data, type: String, _ index: Int, of media: [PostMedia]) async throws -> BlueskyBlob {
        do {
            return try await Self.mappingErrors { try await client.send(UploadBlob(data: data, mimeType: type)) }.blob
        } catch NetworkError.failed(_, let status, let detail) where (400..<500).contains(status) {
            throw MediaNotCarried(index, of: media.count, url: media[index].url, "Bluesky refused the upload (HTTP \(status)): \(detail)")
        }
    }

    /// `ImageShrinker` on a thread of its own: decoding and encoding a large picture takes
    /// seconds, and on Swift's pool (two threads on two cores) would stall every other loop,
    /// and with `mirror-bot host` every other bot.
    static func shrinkAside(_ data: Data) async throws -> ImageShrinker.Shrunk {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ImageShrinker.shrink(data, toAtMost: imageByteLimit) })
            }
        }
    }
}
