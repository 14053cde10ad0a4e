#if canImport(CUserfaultfd)
import CUserfaultfd
#endif
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gives back the file pages an idle daemon holds only because start-up touched them
/// (issue 30): the binary's code and read-only data (the Swift runtime scanning its
/// type metadata, Foundation, ICU's tables) and the shared libraries' code. Each
/// mapping of a file that the process cannot write is handed to the kernel with
/// `madvise(MADV_PAGEOUT)`, which reclaims the pages mapped by this process alone (file
/// pages only when the process owns the file or may write it: as root, not as the image's
/// user); then the binary's and the shared libraries' mappings that hold no private copies
/// are unmapped with `MADV_DONTNEED`, which drops this process's references whoever owns
/// the file. Nothing is lost: a page touched again is read back from the file (from the
/// page cache when it is still there). Mappings the process may write, and read-only
/// mappings holding private copies (relocated data), are left alone.
///
/// A page touched again would bring back with it every cached page of its 64 KB: the
/// kernel's fault-around (`fault_around_bytes`, system-wide, not settable by a process),
/// and the loops' code is spread over the whole binary. So each mapping is first
/// registered with a userfaultfd in asynchronous write-protect mode (Linux 6.7), which
/// changes nothing else but turns fault-around off for it: a page touched again comes back
/// alone. (`MADV_RANDOM` does not do this: it stops readahead, not fault-around.) Where
/// userfaultfd is refused (kernels before 6.7; Docker's default seccomp profile), the trim
/// works as before and the daemon says so once (`fault_around_kept`).
enum ResidentMemory {
    /// One pass over the process's mappings.
    struct Trim: Equatable {
        /// Resident memory (VmRSS) before and after, in kB.
        var beforeKB: Int
        var afterKB: Int
        /// Mappings advised.
        var mappings: Int
        /// Of those, the mappings whose pages now come back one at a time (fault-around off).
        var pagewise: Int
    }

    /// A line of `/proc/self/maps` worth advising: a file mapping the process cannot write.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var executable: Bool
        var path: String

        /// From `start-end perms offset dev inode path`; nil for writable, anonymous or special mappings.
        init?(mapsLine line: Substring) {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { return nil }
            let range = fields[0].split(separator: "-")
            let permissions = Array(fields[1].utf8)
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  permissions.count >= 4, permissions[0] == UInt8(ascii: "r"), permissions[1] != UInt8(ascii: "w"),
                  fields[4] != "0" else { return nil }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/"), !path.hasSuffix("(deleted)") else { return nil }
            self.start = start
            self.end = end
            executable = permissions[2] == UInt8(ascii: "x")
            self.path = path
        }
    }

    static let pageOut: Int32 = 21  // MADV_PAGEOUT (Linux 5.4)

    /// Advises every read-only file mapping of this process; returns VmRSS before and after.
    static func trim() -> Trim {
        let before = residentKB() ?? 0
        var advised = 0
        var pagewise = 0
        #if os(Linux)
        let mappings = procFile("maps")?.split(separator: "\n").compactMap { Mapping(mapsLine: $0) } ?? []
        let privateCopies = mappingsWithPrivateCopies()
        // The binary and the shared libraries (files with code mapped): mapped for the process's
        // life. Another file's mapping may be unmapped by another thread between reading
        // /proc/self/maps and advising, and its addresses reused for memory that MADV_DONTNEED
        // would zero; PAGEOUT there loses nothing.
        let images = Set(mappings.filter(\.executable).map(\.path))
        for mapping in mappings {
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            let length = Int(mapping.end - mapping.start)
            if singlePageFaults(address, length) { pagewise += 1 }
            _ = madvise(address, length, pageOut)
            // Dropping the references of a mapping with private copies would lose them: never.
            // (Unread smaps: no mapping is known free of them, and none is dropped.)
            if let privateCopies, images.contains(mapping.path), !privateCopies.contains(mapping.start) {
                _ = madvise(address, length, MADV_DONTNEED)
            }
            advised += 1
        }
        #endif
        return Trim(beforeKB: before, afterKB: residentKB() ?? 0, mappings: advised, pagewise: pagewise)
    }

    /// The userfaultfd the trimmed mappings are registered with, or the errno that refused it.
    /// Opened once and never closed: closing it would unregister them.
    static let userfaultfd: (descriptor: Int32, error: Int32) = {
        #if canImport(CUserfaultfd)
        let descriptor = mirror_userfaultfd_async_wp()
        return (descriptor, descriptor < 0 ? errno : 0)
        #else
        return (-1, ENOSYS)
        #endif
    }()

    /// Turns the kernel's fault-around off for the mapping (see above); false where refused
    /// (no userfaultfd, or a shared mapping of a file the process cannot write).
    static func singlePageFaults(_ address: UnsafeMutableRawPointer, _ length: Int) -> Bool {
        #if canImport(CUserfaultfd)
        guard userfaultfd.descriptor >= 0 else { return false }
        return mirror_userfaultfd_register_wp(userfaultfd.descriptor, address, UInt(length)) == 0
        #else
        return false
        #endif
    }

    /// The start addresses of the mappings that hold anonymous (copied-on-write) pages, from
    /// `/proc/self/smaps`; nil when it cannot be read.
    static func mappingsWithPrivateCopies() -> Set<UInt>? {
        procFile("smaps").map(mappingsWithPrivateCopies(smaps:))
    }

    /// The start addresses of the mappings whose smaps entry counts private copies: resident
    /// (`Anonymous:`) or swapped out (`Swap:`; a page the last trim's PAGEOUT sent to swap is
    /// no longer resident, and dropping the mapping's references would lose it).
    static func mappingsWithPrivateCopies(smaps: String) -> Set<UInt> {
        var result: Set<UInt> = []
        var current: UInt?
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let start = UInt(line[..<dash], radix: 16), line.contains(" ") {
                current = start
            } else if line.hasPrefix("Anonymous:") || line.hasPrefix("Swap:"), let current,
                      line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) != 0 {
                result.insert(current)
            }
        }
        return result
    }

    /// `/proc/self/NAME` read to its end: these files report a size of 0, and reading by size
    /// stops at the first page.
    static func procFile(_ name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/\(name)"), let data = try? handle.readToEnd() else { return nil }
        try? handle.close()
        return String(decoding: data, as: UTF8.self)
    }

    /// VmRSS of this process in kB, from `/proc/self/status`.
    static func residentKB() -> Int? {
        guard let status = procFile("status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }
}
