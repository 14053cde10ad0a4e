import Foundation

/// A picture's file on its way to an upload, whichever network carries it: read from an
/// imported export, typed, and named.
public enum MediaFile {
    /// A file of an imported export as a reply: 404 when it is no longer there.
    public static func read(_ url: URL) throws -> HTTPReply {
        guard FileManager.default.fileExists(atPath: url.path) else { return HTTPReply(status: 404) }
        return HTTPReply(status: 200, body: try Data(contentsOf: url))
    }

    /// The file's MIME type as the source served it, else from its extension.
    public static func type(_ header: String?, url: URL) -> String {
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

    /// The name the upload is sent under: the URL's last path segment, or `media` and an extension.
    public static func name(_ url: URL, type: String) -> String {
        let last = url.lastPathComponent
        if !last.isEmpty, last != "/", last.contains(".") { return last }
        return "media." + (type.split(separator: "/").last.map(String.init) ?? "bin")
    }
}
