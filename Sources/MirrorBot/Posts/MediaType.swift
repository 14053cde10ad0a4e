import Foundation

/// The MIME type of a picture or video fetched to be carried: as the source served it
/// (`Content-Type`, its parameters dropped), else from the URL's extension;
/// `application/octet-stream` when neither says.
public enum MediaType {
    public static func of(contentType header: String?, url: URL) -> String {
        if let header, let type = header.split(separator: ";").first?.trimmingCharacters(in: .whitespaces), type.contains("/"),
            type != "application/octet-stream"
        {
            return type.lowercased()
        }
        switch url.pathExtension.lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "mp4", "m4v": return "video/mp4"
        case "mov": return "video/quicktime"
        case "webm": return "video/webm"
        default: return "application/octet-stream"
        }
    }
}
