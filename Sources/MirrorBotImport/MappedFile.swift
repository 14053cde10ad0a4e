import Foundation
import JSONLines

/// A file's bytes, memory-mapped read-only: the kernel pages them in as the
/// scanner walks forward, so a file of hundreds of MB is never copied into
/// the heap. The mapping is released with the object.
final class MappedFile {
    let path: String
    let count: Int
    private let base: UnsafeMutableRawPointer?
    private var released = 0

    /// Opens and maps `path`; throws an `InputError` naming it when it cannot.
    init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw InputError(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw InputError(file: path, message: "not a regular file")
        }
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw InputError(file: path, message: "cannot map: \(String(cString: strerror(errno)))")
        }
        // Read once, front to back.
        _ = madvise(mapped, count, MADV_SEQUENTIAL)
        base = mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// Calls `body` with the file's bytes; they must not escape it.
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) {
            try body(UnsafeRawBufferPointer(start: base.map { UnsafeRawPointer($0) }, count: count))
        }
    }

    /// Tells the kernel the bytes before `offset` will not be read again, so
    /// their pages stop counting against the process (page-aligned, best effort).
    func release(before offset: Int) {
        guard let base else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = (min(offset, count) / page) * page
        guard end > released else { return }
        _ = madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}
