import CVips
import Foundation

/// Makes a picture small enough for a network's byte limit with libvips (Debian `libvips42`,
/// opened on first use, not linked): re-encoded as a JPEG at lower quality first, then
/// smaller, both sides by the same factor, so the picture is never stretched.
public enum ImageShrinker {
    /// A re-encoded picture: its JPEG bytes and size in pixels.
    public struct Shrunk: Sendable, Equatable {
        public var data: Data
        public var width: Int
        public var height: Int
    }

    /// Why a picture could not be made small enough.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// JPEG qualities tried at each size, best first.
    static let qualities: [Int32] = [90, 80, 70, 60]
    /// Each smaller size is this much of the one before, on each side (about half the pixels).
    static let step = 0.7
    /// Sizes tried before giving up (0.7^11: about 2% of each side).
    static let rounds = 12

    /// The shared library opened on the first picture to re-encode: libvips 8's soname, the ABI
    /// CVips declares its calls for. Every other process never loads libvips and its codecs.
    public static let library = "libvips.so.42"

    /// Whether libvips opened and started, asked once per process at the first picture.
    static let opened = Result { () throws(Failure) in try open(library) }

    /// `data` re-encoded to at most `limit` bytes: the best quality that fits at full size,
    /// else at the largest smaller size that fits.
    public static func shrink(_ data: Data, toAtMost limit: Int) throws -> Shrunk {
        try opened.get()
        var scale = 1.0
        for _ in 0..<rounds {
            for quality in qualities {
                let shrunk = try encode(data, scale: scale, quality: quality)
                if shrunk.data.count <= limit { return shrunk }
            }
            scale *= step
        }
        throw Failure(description: "still over \(limit) bytes at \(Int(scale / step * 100))% of its size")
    }

    /// Opens the shared library `file` and starts libvips (once per process); throws, naming
    /// `file`, when it cannot be opened, lacks a call or libvips does not start.
    static func open(_ file: String) throws(Failure) {
        var error = [CChar](repeating: 0, count: 512)
        guard mirrorbot_vips_open(file, &error, error.count) != 0 else { return }
        let why = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw Failure(description: "libvips could not be loaded (Debian's libvips42): \(why)")
    }

    /// One JPEG of `data` at `scale` and `quality`.
    static func encode(_ data: Data, scale: Double, quality: Int32) throws -> Shrunk {
        var output: UnsafeMutableRawPointer?
        var length = 0, width: Int32 = 0, height: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            mirrorbot_vips_jpeg(bytes.baseAddress, bytes.count, scale, quality, &output, &length, &width, &height)
        }
        defer { mirrorbot_vips_free(output) }
        guard status == 0, let output else {
            let copied = mirrorbot_vips_error()
            defer { mirrorbot_vips_free(copied) }
            let message = copied.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw Failure(description: message.isEmpty ? "libvips could not read the picture" : message)
        }
        return Shrunk(data: Data(bytes: output, count: length), width: Int(width), height: Int(height))
    }
}
