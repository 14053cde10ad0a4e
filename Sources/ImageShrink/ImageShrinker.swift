import CVips
import Foundation

/// Makes a picture small enough for a network's byte limit with libvips (Debian
/// `libvips-dev`, linked from the system): re-encoded as a JPEG at lower quality first, then
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

    static let started: Bool = mirrorbot_vips_start() == 0

    /// `data` re-encoded to at most `limit` bytes: the best quality that fits at full size,
    /// else at the largest smaller size that fits.
    public static func shrink(_ data: Data, toAtMost limit: Int) throws -> Shrunk {
        guard started else { throw Failure(description: "libvips did not start") }
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

    /// One JPEG of `data` at `scale` and `quality`.
    static func encode(_ data: Data, scale: Double, quality: Int32) throws -> Shrunk {
        var output: UnsafeMutableRawPointer?
        var length = 0, width: Int32 = 0, height: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            mirrorbot_vips_jpeg(bytes.baseAddress, bytes.count, scale, quality, &output, &length, &width, &height)
        }
        defer { g_free(output) }
        guard status == 0, let output else {
            let copied = mirrorbot_vips_error()
            defer { g_free(copied) }
            let message = copied.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw Failure(description: message.isEmpty ? "libvips could not read the picture" : message)
        }
        return Shrunk(data: Data(bytes: output, count: length), width: Int(width), height: Int(height))
    }
}
