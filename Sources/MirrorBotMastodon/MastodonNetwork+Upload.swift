import APIClientCore
import Foundation
import MastodonAPI
import MirrorBot

extension MastodonNetwork {
    /// Mastodon attaches at most 4 media to a status (`Status::MEDIA_ATTACHMENTS_LIMIT`).
    static let mediaLimit = 4
    /// Alt text Mastodon keeps (`MediaAttachment::MAX_DESCRIPTION_LENGTH`).
    static let descriptionLimit = 1_500
    /// Bytes of one image and of one video, gifv or audio file (mastodon.social's
    /// `configuration.media_attachments`: 16 MiB and 99 MiB); a server with lower limits
    /// refuses the upload itself (422), which is not carried either.
    static let imageByteLimit = 16 * 1_024 * 1_024
    static let videoByteLimit = 99 * 1_024 * 1_024
    /// Rounds of `GET /api/v1/media/:id` before an upload still processing is given up.
    static let processingPolls = 30

    public var carriesMedia: Bool { true }

    /// The human's post with its pictures: each fetched from its URL now, uploaded with its
    /// alt text (`POST /api/v2/media`), waited for while Mastodon processes it, then attached in
    /// order. Sensitive when the post was warned or any picture was marked so.
    public func post(whole source: Post) async throws -> String {
        guard !source.media.isEmpty else { return try await post(text: source.text, inReplyTo: nil) }
        let media = source.media
        if media.count > Self.mediaLimit {
            throw MediaNotCarried(reason: "\(media.count) pictures; Mastodon attaches at most \(Self.mediaLimit)", lasting: true)
        }
        if media.count > 1, media.contains(where: { $0.kind == .video || $0.kind == .other }) {
            throw MediaNotCarried(reason: "a video or audio file with other media; Mastodon attaches it alone", lasting: true)
        }
        // Every picture fetched before any is uploaded: one the source lost leaves no upload behind.
        var files: [UploadMedia] = []
        for (index, item) in media.enumerated() {
            files.append(try await fetch(item, index, of: media.count))
        }
        var uploaded: [MastodonMediaAttachment] = []
        for (index, file) in files.enumerated() {
            uploaded.append(try await upload(file, index, of: media))
        }
        let ids = try await processed(uploaded, media)
        let warning = source.warning
        let request = PostStatus(
            status: source.text, visibility: visibility, spoilerText: warning.map(\.text),
            sensitive: warning != nil || media.contains(where: \.sensitive), mediaIDs: ids)
        return try await Self.mappingErrors { try await client.send(request) }.id
    }

    /// One picture from the source, as the upload that carries it; a 4xx is not carried.
    private func fetch(_ item: PostMedia, _ index: Int, of count: Int) async throws -> UploadMedia {
        func notCarried(_ why: String, lasting: Bool = true) -> MediaNotCarried { MediaNotCarried(index, of: count, url: item.url, why, lasting: lasting) }
        guard item.kind != .other else { throw notCarried("audio or media of no known kind") }
        guard let url = URL(string: item.url), ["https", "http", "file"].contains(url.scheme ?? "") else {
            throw notCarried("no URL to fetch it from (a file missing from the export?)")
        }
        if let description = item.altText, description.count > Self.descriptionLimit {
            throw notCarried("alt text of \(description.count) characters; Mastodon keeps \(Self.descriptionLimit)")
        }
        let reply: HTTPReply
        do {
            // An imported export's file, read where the import found it.
            reply = url.isFileURL ? try MediaFile.read(url) : try await client.core.fetch(url)
        } catch {
            // The source did not answer: tried again with the slot, not given up.
            throw NetworkError.failed(endpoint: "GET picture", status: 0, detail: "\(url.host ?? "the source"): \(error)")
        }
        guard (200..<300).contains(reply.status) else {
            if reply.status >= 500 { throw NetworkError.failed(endpoint: "GET picture", status: reply.status, detail: "the source failed") }
            throw notCarried("the source answered \(reply.status)", lasting: [404, 410].contains(reply.status))
        }
        let limit = item.kind == .photo ? Self.imageByteLimit : Self.videoByteLimit
        guard reply.body.count <= limit else { throw notCarried("\(reply.body.count) bytes; Mastodon takes \(limit) for a \(item.kind.rawValue)") }
        let type = MediaFile.type(reply.headers["content-type"], url: url)
        return UploadMedia(data: reply.body, contentType: type, filename: MediaFile.name(url, type: type), description: item.altText)
    }

    /// Uploads one fetched picture; a 4xx (a type or size this server refuses, no `write:media`) is not carried.
    private func upload(_ file: UploadMedia, _ index: Int, of media: [PostMedia]) async throws -> MastodonMediaAttachment {
        do {
            return try await client.send(file)
        } catch MastodonAPIError.failed(_, let status, let detail) where (400..<500).contains(status) {
            throw MediaNotCarried(index, of: media.count, url: media[index].url, "Mastodon refused the upload (HTTP \(status)): \(detail)")
        } catch let error as MastodonAPIError {
            throw Self.networkError(error)
        }
    }

    /// The uploads' ids once each has its `url`, polling those still processing once a second.
    private func processed(_ uploads: [MastodonMediaAttachment], _ media: [PostMedia]) async throws -> [String] {
        var pending = uploads.indices.filter { uploads[$0].url == nil }
        var round = 0
        while !pending.isEmpty {
            round += 1
            guard round <= Self.processingPolls else {
                let index = pending[0]
                throw MediaNotCarried(index, of: media.count, url: media[index].url, "still processing after \(Self.processingPolls) s")
            }
            try await client.core.pause(for: .seconds(1))
            var still: [Int] = []
            for index in pending {
                let attachment: MastodonMediaAttachment
                do {
                    attachment = try await client.send(GetMedia(mediaID: uploads[index].id))
                } catch MastodonAPIError.failed(_, let status, let detail) where (400..<500).contains(status) {
                    throw MediaNotCarried(index, of: media.count, url: media[index].url, "processing failed (HTTP \(status)): \(detail)")
                } catch let error as MastodonAPIError {
                    throw Self.networkError(error)
                }
                if attachment.url == nil { still.append(index) }
            }
            pending = still
        }
        return uploads.map(\.id)
    }
}
