import MastodonAPI
import MirrorBot

extension MastodonNetwork {
    /// A status's attachments as the post's media, in order: Mastodon's `sensitive` is the
    /// status's, copied to each picture; `meta.original` gives the size.
    static func media(of status: MastodonStatus) -> [PostMedia] {
        status.mediaAttachments.map { attachment in
            PostMedia(
                kind: kind(attachment.type), url: attachment.url ?? "", altText: attachment.description,
                width: attachment.meta?.original?.width, height: attachment.meta?.original?.height, sensitive: status.sensitive)
        }
    }

    /// Mastodon's `type` as a kind: `image`, `video`, `gifv`; audio and `unknown` are `other`.
    static func kind(_ type: String) -> PostMedia.Kind {
        switch type {
        case "image": .photo
        case "video": .video
        case "gifv": .gifv
        default: .other
        }
    }
}
