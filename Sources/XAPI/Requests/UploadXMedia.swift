import APIClientCore
import Foundation

/// `POST /2/media/upload` (X's one-shot upload, document 2.167 `mediaUpload`): the file's raw
/// bytes as the multipart part `media`, with `media_category` (the two fields both documents
/// require; 2.167's `MediaUploadRequest` declares only these and `additional_owners`). X answers the media's `id` (what
/// `POST /2/tweets` attaches) and `media_key`. OAuth 1.0a signs the query and the
/// `oauth_*` parameters only: a multipart body is never part of the signature.
/// A retry after a lost answer may leave an unattached upload behind, which X lets expire
/// (`expires_after_secs`).
public struct UploadXMedia: XRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    /// `MediaUploadResponseData`: the id, key and, when X still processes it, `processing_info`.
    public struct Uploaded: Sendable, Codable, Equatable {
        /// `MediaUploadResponseDataProcessingInfo`.
        public struct ProcessingInfo: Sendable, Codable, Equatable {
            /// `pending`, `in_progress`, `failed` or `succeeded`.
            public var state: String?

            public init(state: String?) { self.state = state }
        }

        public var id: String
        public var mediaKey: String?
        public var size: Int?
        public var processingInfo: ProcessingInfo?

        public init(id: String, mediaKey: String? = nil, size: Int? = nil, processingInfo: ProcessingInfo? = nil) {
            self.id = id
            self.mediaKey = mediaKey
            self.size = size
            self.processingInfo = processingInfo
        }

        enum CodingKeys: String, CodingKey {
            case id
            case mediaKey = "media_key"
            case size
            case processingInfo = "processing_info"
        }
    }

    public typealias Response = XResponse<Uploaded>

    /// `media_category` for a post's picture: in both documents' enums (2.167 `MediaUploadRequest`,
    /// 2.159 `MediaCategoryOneShot`). GIFs and videos go through the chunked upload, not done here.
    public enum Category: String, Sendable, CaseIterable {
        case tweetImage = "tweet_image"
    }

    public var data: Data
    public var category: Category
    /// The part's MIME type and file name (multipart needs them; X reads the bytes).
    public var contentType: String
    public var filename: String

    public init(data: Data, category: Category = .tweetImage, contentType: String, filename: String) {
        self.data = data
        self.category = category
        self.contentType = contentType
        self.filename = filename
    }

    public var method: String { "POST" }
    public var path: String { "/2/media/upload" }
    public var pathTemplate: String { path }

    public var requestBody: RequestBody? {
        .multipart(
            fields: [(name: "media_category", value: category.rawValue)],
            file: .init(name: "media", filename: filename, contentType: contentType, data: data))
    }
}

/// `POST /2/media/metadata` (document 2.167 `createMediaMetadata`): an upload's alt text
/// (`metadata.alt_text.text`, at most 1,000 characters: `CreateMediaMetadataMetadataAltText`)
/// and, for a picture the human marked sensitive, `metadata.sensitive_media_warning`.
public struct CreateXMediaMetadata: XRequest {
    /// Part of publishing a post: before reads in its server's line.
    public var publishes: Bool { true }

    public struct Associated: Sendable, Codable, Equatable {
        public var id: String

        public init(id: String) { self.id = id }
    }

    public typealias Response = XResponse<Associated>

    /// X keeps 1,000 characters of alt text (`CreateMediaMetadataMetadataAltText.text.maxLength`).
    public static let altTextLimit = 1_000

    public var mediaID: String
    public var altText: String?
    public var sensitive: Bool

    public init(mediaID: String, altText: String?, sensitive: Bool) {
        self.mediaID = mediaID
        self.altText = altText
        self.sensitive = sensitive
    }

    public var method: String { "POST" }
    public var path: String { "/2/media/metadata" }
    public var pathTemplate: String { path }
    /// Setting the same metadata twice leaves it as it was.
    public var replay: Replay { .safe }

    public var body: Data? { try? JSONEncoder().encode(Body(id: mediaID, altText: altText, sensitive: sensitive)) }

    /// `{"id": …, "metadata": {"alt_text": {"text": …}, "sensitive_media_warning": {"other": true}}}`.
    public struct Body: Codable, Sendable, Equatable {
        public struct Metadata: Codable, Sendable, Equatable {
            public struct AltText: Codable, Sendable, Equatable {
                public var text: String
            }

            /// X's three kinds (`adult_content`, `graphic_violence`, `other`); the human's mark names
            /// none of them, so the bot says `other`.
            public struct Warning: Codable, Sendable, Equatable {
                public var adultContent: Bool?
                public var graphicViolence: Bool?
                public var other: Bool?

                enum CodingKeys: String, CodingKey {
                    case adultContent = "adult_content"
                    case graphicViolence = "graphic_violence"
                    case other
                }
            }

            public var altText: AltText?
            public var sensitiveMediaWarning: Warning?

            enum CodingKeys: String, CodingKey {
                case altText = "alt_text"
                case sensitiveMediaWarning = "sensitive_media_warning"
            }
        }

        public var id: String
        public var metadata: Metadata?

        public init(id: String, altText: String?, sensitive: Bool) {
            self.id = id
            let alt = altText.flatMap { $0.isEmpty ? nil : Metadata.AltText(text: $0) }
            let warning = sensitive ? Metadata.Warning(other: true) : nil
            metadata = alt == nil && warning == nil ? nil : Metadata(altText: alt, sensitiveMediaWarning: warning)
        }
    }
}
