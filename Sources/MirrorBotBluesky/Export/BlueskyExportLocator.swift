import Foundation

/// Recognises a Bluesky repository export: a `.car` file, or any file that starts
/// like a CAR v1 (a short varint, then a CBOR map naming `roots` and `version`).
enum BlueskyExportLocator {
    static func isRepository(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return false }
        if path.lowercased().hasSuffix(".car") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        guard head.count > 8, head[0] < 0x80, head[1] == 0xA2 else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("roots") && text.contains("version")
    }
}
