import MirrorBot
import MisskeyAPI

extension MisskeyNetwork {
    /// A note's files as the post's media, in order: `comment` is the alt text, `isSensitive`
    /// each file's own flag, `properties` the size; the file's public `url` is where the bytes
    /// are fetched at send time (as served by the API and written by the notes export).
    static func media(of files: [MisskeyDriveFile]) -> [PostMedia] {
        files.map { file in
            PostMedia(
                kind: kind(file.type), url: file.url ?? "", altText: file.comment, width: file.properties?.width,
                height: file.properties?.height, sensitive: file.isSensitive ?? false)
        }
    }

    /// A file's MIME type as a kind: `image/*` a photo (a GIF too: Misskey keeps and shows it as
    /// an image), `video/*` a video, anything else (audio, a PDF, a zip) `other`.
    static func kind(_ type: String) -> PostMedia.Kind {
        let lowered = type.lowercased()
        if lowered.hasPrefix("image/") { return .photo }
        if lowered.hasPrefix("video/") { return .video }
        return .other
    }
}
