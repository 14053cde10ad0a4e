import Foundation
import MirrorBot

/// A note's attachments as the post's media, each found in the export's `media_attachments/`
/// folder by its `url` path: a file there is `file://` its absolute path (read at send time, so
/// the export must stay where it was imported from); one the export lacks keeps its
/// `url` as the outbox names it (nothing can fetch it) and is reported missing.
struct MastodonExportMedia {
    /// The folder holding `outbox.json` (and `media_attachments/`).
    var folder: URL

    /// The note's media in order, and the export paths of those not in the folder.
    func media(of note: MastodonOutboxNote) -> (media: [PostMedia], missing: [String]) {
        var missing: [String] = []
        let media = note.attachments.map { attachment -> PostMedia in
            let named = attachment.url ?? ""
            var url = named
            if let file = file(for: named) {
                url = file.absoluteString
            } else {
                missing.append(named.isEmpty ? "(an attachment without url)" : named)
            }
            return PostMedia(
                kind: attachment.kind, url: url, altText: attachment.name, width: attachment.width, height: attachment.height,
                sensitive: note.sensitive)
        }
        return (media, missing)
    }

    /// The export's file for an attachment's `url`: its path under the folder (a full URL's
    /// path too, as some exports name them), when that file exists and stays inside the folder.
    func file(for named: String) -> URL? {
        let path = URL(string: named)?.path ?? named
        let relative = path.split(separator: "/").filter { !$0.isEmpty && $0 != "." }
        guard !relative.isEmpty, !relative.contains("..") else { return nil }
        let file = relative.reduce(folder) { $0.appendingPathComponent(String($1)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return file
    }
}
