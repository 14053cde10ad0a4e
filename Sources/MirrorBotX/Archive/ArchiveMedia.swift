import Foundation
import MirrorBot

/// One entry of a tweet's `extended_entities.media` in the archive: its kind, the file it was
/// served as (`media_url_https`, or a video's or GIF's mp4 variant), its alt text
/// (`ext_alt_text`), its size and the `t.co` link X appended to the post's text for it.
struct ArchiveMedia: Decodable {
    var type: String
    var mediaURL: String?
    var link: String?
    var altText: String?
    var width: Int?
    var height: Int?
    var variants: [String]

    private enum Field: String, CodingKey {
        case type, url, sizes
        case mediaURLHTTPS = "media_url_https"
        case mediaURL = "media_url"
        case altText = "ext_alt_text"
        case videoInfo = "video_info"
    }

    private struct Sizes: Decodable {
        struct Size: Decodable {
            var w: String?
            var h: String?
        }

        var large: Size?
    }

    private struct VideoInfo: Decodable {
        struct Variant: Decodable {
            var url: String?
            var bitrate: String?
            var contentType: String?

            enum CodingKeys: String, CodingKey {
                case url, bitrate
                case contentType = "content_type"
            }
        }

        var variants: [Variant]?
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        type = try fields.decodeIfPresent(String.self, forKey: .type) ?? ""
        mediaURL = try fields.decodeIfPresent(String.self, forKey: .mediaURLHTTPS) ?? fields.decodeIfPresent(String.self, forKey: .mediaURL)
        link = try fields.decodeIfPresent(String.self, forKey: .url)
        altText = try fields.decodeIfPresent(String.self, forKey: .altText)
        let large = (try? fields.decodeIfPresent(Sizes.self, forKey: .sizes))?.large
        width = large?.w.flatMap { Int($0) }
        height = large?.h.flatMap { Int($0) }
        let info = try? fields.decodeIfPresent(VideoInfo.self, forKey: .videoInfo)
        let mp4 = (info?.variants ?? []).filter { $0.contentType == "video/mp4" }
            .sorted { Int($0.bitrate ?? "0") ?? 0 > Int($1.bitrate ?? "0") ?? 0 }
        variants = mp4.compactMap(\.url)
    }

    var kind: PostMedia.Kind {
        switch type {
        case "photo": .photo
        case "video": .video
        case "animated_gif": .gifv
        default: .other
        }
    }

    /// The names the archive may have saved the file under, after `<post id>-`: the last path
    /// segment of the photo's URL, or of each mp4 variant (without its query).
    var fileNames: [String] {
        let urls = kind == .photo ? [mediaURL].compactMap { $0 } : variants + [mediaURL].compactMap { $0 }
        return urls.compactMap { URL(string: $0)?.lastPathComponent }.filter { !$0.isEmpty && $0 != "/" }
    }
}

/// The archive's media folder (`data/tweets_media/` or the older `data/tweet_media/`): a post's
/// file is `<post id>-<file name>`, its `file://` URL read at send time (the archive must stay
/// where it was imported from). One the folder lacks keeps the URL X served it at, `pbs.twimg.com`
/// (nothing fetches a picture of a deleted account from there; the post is reported).
struct ArchiveMediaFolder {
    /// The folders searched (those that exist).
    var folders: [URL]

    /// The media folders beside the posts file `path`.
    init(postsFile path: String) {
        let data = URL(fileURLWithPath: path).deletingLastPathComponent()
        folders = ["tweets_media", "tweet_media"].map { data.appendingPathComponent($0) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// The post's media in order, and a line for each file the archive lacks.
    func media(of tweet: ArchiveTweet) -> (media: [PostMedia], missing: [String]) {
        var missing: [String] = []
        let media = tweet.media.map { item -> PostMedia in
            let found = item.fileNames.lazy.compactMap { file(named: "\(tweet.id)-\($0)") }.first
            if found == nil {
                let names = item.fileNames.map { "\(tweet.id)-\($0)" }.joined(separator: " or ")
                missing.append("post \(tweet.id): \(names.isEmpty ? "a \(item.type) without a file name" : names) not in the archive")
            }
            // A missing file keeps no URL: under POST_MEDIA=carry its post is never picked.
            return PostMedia(
                kind: item.kind, url: found?.absoluteString ?? (item.fileNames.first.map { "\(tweet.id)-\($0)" } ?? ""),
                altText: item.altText, width: item.width, height: item.height)
        }
        return (media, missing)
    }

    private func file(named name: String) -> URL? {
        folders.lazy.map { $0.appendingPathComponent(name) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
