import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing an env file all at once: a new file (mode 0600) beside it, synced, then renamed over
/// it, so a reader sees the old file or the new one and never half of one.
extension EnvFile {
    /// The file at `path`, or an empty one when there is none.
    static func read(path: String) throws -> EnvFile {
        guard FileManager.default.fileExists(atPath: path) else { return EnvFile(text: "") }
        guard let data = FileManager.default.contents(atPath: path) else { throw LoginError("cannot read the env file \(path)") }
        return EnvFile(text: String(decoding: data, as: UTF8.self))
    }

    /// Replaces the file at `path` with this one, readable and writable by its owner only.
    func write(path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw LoginError("cannot create a file beside the env file \(path): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw LoginError("cannot write the env file \(path): \(String(cString: strerror(failure)))")
        }
    }
}
