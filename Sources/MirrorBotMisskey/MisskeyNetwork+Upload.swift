import APIClientCore
import Foundation
import MirrorBot
import MisskeyAPI

extension MisskeyNetwork {
    public var carriesMedia: Bool { true }

    /// The human's post with its pictures: each fetched from its URL now (or read from the
    /// imported export), uploaded to the bot's drive with its alt text and sensitive flag
    /// (`drive/files/create`), then attached in order (`notes/create` `fileIds`), behind the
    /// post's warning (`cw`). Every picture is fetched before any is uploaded, so one the source
    /// lost leaves no upload behind. Limits (Misskey's source): 16 files a note, 512 characters of
    /// alt text, `maxFileSize` bytes a file (250 MB by default); audio and other files are not
    /// carried.
    public func post(whole source: Post) async throws -> String {
        guard !source.media.isEmpty else { return try await post(text: source.text, inReplyTo: nil) }
        let media = source.media
        if media.count > CreateNote.maxFiles {
            throw MediaNotCarried(reason: "\(media.count) pictures; Misskey attaches at most \(CreateNote.maxFiles) to a note", lasting: true)
        }
        var files: [UploadDriveFile] = []
        for (index, item) in media.enumerated() {
            files.append(try await fetch(item, index, of: media.count))
        }
        var ids: [String] = []
        for (index, file) in files.enumerated() {
            ids.append(try await upload(file, index, of: media))
        }
        let text = source.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : try await outgoing(source.text)
        let request = CreateNote(text: text, visibility: visibility, cw: source.warning.map(Self.cw), fileIds: ids)
        return try await Self.mappingErrors { try await client.send(request) }.createdNote.id
    }

    /// One picture from the source, as the upload that carries it; a 4xx is not carried.
    private func fetch(_ item: PostMedia, _ index: Int, of count: Int) async throws -> UploadDriveFile {
        func notCarried(_ why: String, lasting: Bool = true) -> MediaNotCarried { MediaNotCarried(index, of: count, url: item.url, why, lasting: lasting) }
        guard item.kind != .other else { throw notCarried("audio or a file of no known kind") }
        guard let url = URL(string: item.url), ["https", "http", "file"].contains(url.scheme ?? "") else {
            throw notCarried("no URL to fetch it from (a file missing from the export?)")
        }
        if let comment = item.altText, comment.count > UploadDriveFile.maxCommentLength {
            throw notCarried("alt text of \(comment.count) characters; Misskey keeps \(UploadDriveFile.maxCommentLength)")
        }
        let reply: HTTPReply
        do {
            reply = url.isFileURL ? try MediaFile.read(url) : try await client.core.fetch(url)
        } catch {
            // The source did not answer: tried again with the slot, not given up.
            throw NetworkError.failed(endpoint: "GET picture", status: 0, detail: "\(url.host ?? "the source"): \(error)")
        }
        guard (200..<300).contains(reply.status) else {
            if reply.status >= 500 { throw NetworkError.failed(endpoint: "GET picture", status: reply.status, detail: "the source failed") }
            throw notCarried("the source answered \(reply.status)", lasting: [404, 410].contains(reply.status))
        }
        guard reply.body.count <= UploadDriveFile.defaultMaxFileSize else {
            throw notCarried("\(reply.body.count) bytes; Misskey takes \(UploadDriveFile.defaultMaxFileSize) by default")
        }
        let type = MediaFile.type(reply.headers["content-type"], url: url)
        return UploadDriveFile(
            data: reply.body, contentType: type, filename: MediaFile.name(url, type: type), comment: item.altText,
            isSensitive: item.sensitive)
    }

    /// Uploads one fetched picture and answers its drive file id; a refusal (a file this server
    /// finds too big, a full drive, a token without `write:drive`) is not carried.
    private func upload(_ file: UploadDriveFile, _ index: Int, of media: [PostMedia]) async throws -> String {
        func notCarried(_ why: String) -> MediaNotCarried { MediaNotCarried(index, of: media.count, url: media[index].url, why) }
        do {
            return try await client.send(file).id
        } catch MisskeyAPIError.refused(_, let status, let code, let detail) {
            if code == "PERMISSION_DENIED" {
                throw notCarried("Misskey refused the upload: the bot's token lacks write:drive (sign the bot in again: mirror-bot login bot)")
            }
            if status == 413 { throw notCarried("Misskey refused the upload as too large (HTTP 413)") }
            throw notCarried("Misskey refused the upload (HTTP \(status)): \(detail)")
        } catch let error as MisskeyAPIError {
            throw Self.networkError(error)
        }
    }
}
