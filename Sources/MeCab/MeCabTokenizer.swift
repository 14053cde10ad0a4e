import CMeCab
import Foundation
import Synchronization

/// Owns one MeCab tagger and destroys it with the owner.
private final class TaggerHandle {
    let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { mecab_destroy(raw) }
}

/// Splits Japanese (and any) text into morphemes with MeCab.
///
/// A MeCab tagger is not thread-safe, and the nodes it returns live only
/// until its next parse; the tagger sits in a `Mutex`, and each call copies
/// its morphemes into Swift before it lets go. Safe to share between tasks.
public final class MeCabTokenizer: Sendable {
    private let tagger: Mutex<TaggerHandle>
    /// The dictionary folder in use.
    public let dictionaryPath: String

    /// Opens MeCab with `dictionaryPath`, or with the system dictionary found
    /// by `MeCabDictionary.locate()` when nil. (Callers pass `MECAB_DICDIR` here.)
    public init(dictionaryPath: String? = nil) throws {
        let path = try MeCabDictionary.locate(dictionaryPath)
        var arguments = ["mecab", "-d", path]
        // MeCab refuses to start without a resource file; an empty one will do.
        let environment = ProcessInfo.processInfo.environment
        if environment["MECABRC"] == nil, !FileManager.default.fileExists(atPath: "/etc/mecabrc"),
           !FileManager.default.fileExists(atPath: "/usr/local/etc/mecabrc") {
            arguments += ["-r", "/dev/null"]
        }
        let raw = Self.withArgv(arguments) { argc, argv in mecab_new(argc, argv) }
        guard let raw else {
            let reason = mecab_strerror(nil).map { String(cString: $0) } ?? "unknown error"
            throw MeCabError(message: "could not open the dictionary \"\(path)\": \(reason)")
        }
        tagger = Mutex(TaggerHandle(raw))
        self.dictionaryPath = path
    }

    /// The morphemes of `text`, in order, without MeCab's BOS/EOS markers.
    public func tokenize(_ text: String) -> [Morpheme] {
        guard !text.isEmpty else { return [] }
        return tagger.withLock { handle in
            var input = text
            return input.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    // The nodes, and their surfaces (pointers into `chars`), are valid
                    // only here, under the lock: copy everything before leaving.
                    var morphemes: [Morpheme] = []
                    var node = mecab_sparse_tonode2(handle.raw, chars.baseAddress, chars.count)
                    while let current = node {
                        let value = current.pointee
                        let stat = Int32(value.stat)
                        if stat != MECAB_BOS_NODE && stat != MECAB_EOS_NODE {
                            morphemes.append(Morpheme(
                                surface: Self.surface(value.surface, length: Int(value.length)),
                                feature: value.feature.map { String(cString: $0) } ?? ""
                            ))
                        }
                        node = UnsafePointer(value.next)
                    }
                    return morphemes
                }
            }
        }
    }

    /// Reads `length` bytes: MeCab's surfaces are not NUL-terminated.
    private static func surface(_ pointer: UnsafePointer<CChar>?, length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func withArgv<R>(_ arguments: [String], _ body: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var copies: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { buffer in
            body(Int32(arguments.count), buffer.baseAddress!)
        }
    }
}
