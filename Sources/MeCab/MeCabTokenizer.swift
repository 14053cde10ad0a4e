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
        tokenize(text) { surface, feature in
            Morpheme(surface: String(decoding: surface, as: UTF8.self), feature: String(cString: feature))
        }
    }

    /// What `make` builds from each morpheme's surface bytes and feature CSV (a C string),
    /// in order, without MeCab's BOS/EOS markers. Both are valid only during the call:
    /// `make` copies what it keeps. Lets a caller read only the fields it needs instead of
    /// copying every morpheme's whole CSV (the classifier reads the first two).
    public func tokenize<T: Sendable>(_ text: String, _ make: @Sendable (UnsafeRawBufferPointer, UnsafePointer<CChar>) -> T) -> [T] {
        tokenize(text, keeping: { surface, feature in make(surface, feature) })
    }

    /// As `tokenize(_:_:)`, keeping only what `make` does not turn down (nil): a morpheme
    /// skipped this way costs no copy at all.
    public func tokenize<T: Sendable>(_ text: String, keeping make: @Sendable (UnsafeRawBufferPointer, UnsafePointer<CChar>) -> T?) -> [T] {
        guard !text.isEmpty else { return [] }
        return tagger.withLock { handle in
            var morphemes: [T] = []
            Self.forEachMorpheme(handle, text) { surface, feature in
                if let kept = make(surface, feature) { morphemes.append(kept) }
            }
            return morphemes
        }
    }

    /// The surfaces of the morphemes whose feature CSV (a C string, valid only during the call)
    /// `keep` accepts, in order (issue 30: the classifier keeps only the nouns' surfaces, read on
    /// MeCab's bytes). Not generic, unlike `tokenize(_:keeping:)`, whose unspecialized generic
    /// code a morpheme, run from another module, was a quarter of the classifier's time outside MeCab.
    public func surfaces(_ text: String, where keep: @Sendable (UnsafePointer<CChar>) -> Bool) -> [String] {
        guard !text.isEmpty else { return [] }
        return tagger.withLock { handle in
            var surfaces: [String] = []
            // Room for a noun every eight bytes or so: growing from empty reallocated four or five
            // times a post (issue 30, fourth pass).
            surfaces.reserveCapacity(text.utf8.count / 8 + 4)
            Self.forEachMorpheme(handle, text) { surface, feature in
                if keep(feature) { surfaces.append(String(decoding: surface, as: UTF8.self)) }
            }
            return surfaces
        }
    }

    /// Calls `body` with each morpheme's surface bytes and feature CSV, in order, without MeCab's
    /// BOS/EOS markers. The nodes, and their surfaces (pointers into the text's bytes), are valid
    /// only during the call, under the lock: `body` copies what it keeps.
    private static func forEachMorpheme(_ handle: TaggerHandle, _ text: String, _ body: (UnsafeRawBufferPointer, UnsafePointer<CChar>) -> Void) {
        var input = text
        input.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                withUnsafePointer(to: 0 as CChar) { empty in
                    var node = mecab_sparse_tonode2(handle.raw, chars.baseAddress, chars.count)
                    while let current = node {
                        let value = current.pointee
                        let stat = Int32(value.stat)
                        if stat != MECAB_BOS_NODE && stat != MECAB_EOS_NODE {
                            let length = value.surface == nil ? 0 : Int(value.length)
                            body(UnsafeRawBufferPointer(start: value.surface, count: length), value.feature ?? empty)
                        }
                        node = UnsafePointer(value.next)
                    }
                }
            }
        }
    }

    private static func withArgv<R>(_ arguments: [String], _ body: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var copies: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { buffer in
            body(Int32(arguments.count), buffer.baseAddress!)
        }
    }
}
