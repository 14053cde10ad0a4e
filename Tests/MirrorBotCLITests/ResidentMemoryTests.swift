import Foundation
@testable import MirrorBotCLI
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the idle daemon's trim gives back, and what it must leave alone (issue 30).
/// One test at a time: a trim drops the pages of every code file's mapping it read in
/// /proc/self/maps, and a test's own code mapping unmapped meanwhile by the other test (its
/// addresses taken by another test's memory) would be zeroed under that test.
@Suite("Giving back an idle daemon's file pages", .serialized)
struct ResidentMemoryTests {
    @Test("only mappings of files the process cannot write are advised")
    func mapsLines() throws {
        let code = try #require(ResidentMemory.Mapping(mapsLine: "5581f2a00000-5581f4c00000 r-xp 00200000 fd:01 1234 /usr/bin/mirror-bot"))
        #expect(code.start == 0x5581f2a00000 && code.end == 0x5581f4c00000)
        #expect(code.executable && code.path == "/usr/bin/mirror-bot")
        let data = try #require(ResidentMemory.Mapping(mapsLine: "7f10a0000000-7f10a0010000 r--p 00000000 fd:01 99 /usr/lib/x86_64-linux-gnu/libc.so.6"))
        #expect(!data.executable)
        #expect(ResidentMemory.Mapping(mapsLine: "7f10a0010000-7f10a0020000 rw-p 00010000 fd:01 99 /usr/lib/x86_64-linux-gnu/libc.so.6") == nil)
        #expect(ResidentMemory.Mapping(mapsLine: "7f10a0020000-7f10a0030000 r--p 00000000 00:00 0 ") == nil)
        #expect(ResidentMemory.Mapping(mapsLine: "7ffd1c3f0000-7ffd1c3f2000 r-xp 00000000 00:00 0 [vdso]") == nil)
        #expect(ResidentMemory.Mapping(mapsLine: "7f10a0030000-7f10a0040000 r-xp 00000000 fd:01 77 /tmp/old (deleted)") == nil)
        #expect(ResidentMemory.Mapping(mapsLine: "7f10a0040000-7f10a0050000 ---p 00000000 fd:01 99 /usr/lib/libx.so") == nil)
    }

    @Test("a mapping holds private copies when smaps counts them resident or swapped out")
    func privateCopies() {
        let smaps = """
            5581f2a00000-5581f4c00000 r-xp 00200000 fd:01 1234 /usr/bin/mirror-bot
            Size:              34816 kB
            Anonymous:             0 kB
            Swap:                  0 kB
            VmFlags: rd ex mr mw me
            5581f4c00000-5581f4e00000 r--p 02400000 fd:01 1234 /usr/bin/mirror-bot
            Anonymous:           412 kB
            Swap:                  0 kB
            7f10a0000000-7f10a0010000 r--p 00000000 fd:01 99 /usr/lib/x86_64-linux-gnu/libcurl.so.4.8.0
            Anonymous:             0 kB
            Swap:                 24 kB
            VmFlags: rd mr mw me
            """
        #expect(ResidentMemory.mappingsWithPrivateCopies(smaps: smaps) == [0x5581f4c00000, 0x7f10a0000000])
    }

    @Test("a read-only file mapping's pages leave the resident set and read back the same; private copies stay")
    func trimsAndKeeps() throws {
        let pages = 1024
        let size = pages * Int(getpagesize())
        // Beside the test binary (on disk: a tmpfs page without swap could not be reclaimed).
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let path = folder.appendingPathComponent("resident-memory-\(getpid()).bin").path
        var bytes = [UInt8](repeating: 0, count: size)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(fsync(fd) == 0)

        // Read only: trimmed.
        let readOnly = try #require(mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0))
        try #require(readOnly != MAP_FAILED)
        defer { munmap(readOnly, size) }
        let before = checksum(readOnly, size)
        let touched = try #require(Self.resident(readOnly))
        #expect(touched >= size / 1024 * 9 / 10)

        // Executable, with private copies (as a library's relocated data after mprotect): kept.
        let copied = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0))
        try #require(copied != MAP_FAILED)
        defer { munmap(copied, size) }
        copied.storeBytes(of: 0xAB, toByteOffset: 5, as: UInt8.self)
        #expect(mprotect(copied, size, PROT_READ | PROT_EXEC) == 0)

        let trim = ResidentMemory.trim()
        #expect(trim.mappings > 0)
        #expect(trim.afterKB < trim.beforeKB)
        let after = try #require(Self.resident(readOnly))
        #expect(after < touched / 4, "\(after) kB still resident of \(touched) kB")
        #expect(checksum(readOnly, size) == before)
        #expect(copied.load(fromByteOffset: 5, as: UInt8.self) == 0xAB)
    }

    @Test("a trimmed code mapping's page touched again comes back alone, not with the 64 KB around it")
    func pagewiseAfterTrim() throws {
        let pages = 256
        let pageKB = Int(getpagesize()) / 1024
        let size = pages * Int(getpagesize())
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let path = folder.appendingPathComponent("resident-pagewise-\(getpid()).bin").path
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 / 4096 &+ $0) }).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }

        // Mapped as the loader maps code: private, read and execute; every page touched.
        let code = try #require(mmap(nil, size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0))
        try #require(code != MAP_FAILED)
        defer { munmap(code, size) }
        let before = checksum(code, size)
        #expect(try #require(Self.resident(code)) >= size / 1024 * 9 / 10)

        let trim = ResidentMemory.trim()
        #expect(ResidentMemory.userfaultfd.descriptor >= 0, "userfaultfd refused: errno \(ResidentMemory.userfaultfd.error)")
        #expect(trim.pagewise > 0 && trim.pagewise <= trim.mappings)
        #expect(try #require(Self.resident(code)) == 0)

        // One byte in the middle: one page back (fault-around would map the 16 pages of its 64 KB,
        // all still in the page cache).
        let middle = 100 * Int(getpagesize()) + 17
        #expect(code.load(fromByteOffset: middle, as: UInt8.self) == UInt8(truncatingIfNeeded: middle / 4096 &+ middle))
        let back = try #require(Self.resident(code))
        #expect(back <= 2 * pageKB, "\(back) kB resident after touching one page")
        // Everything still reads the same, and a second trim keeps working.
        #expect(checksum(code, size) == before)
        #expect(ResidentMemory.trim().pagewise > 0)
        #expect(checksum(code, size) == before)
    }

    func checksum(_ pointer: UnsafeMutableRawPointer, _ size: Int) -> UInt64 {
        var sum: UInt64 = 0
        for offset in stride(from: 0, to: size, by: 8) {
            sum = sum &* 31 &+ pointer.load(fromByteOffset: offset, as: UInt64.self)
        }
        return sum
    }

    /// The resident kB of the mapping that starts at `pointer`, from `/proc/self/smaps`.
    static func resident(_ pointer: UnsafeMutableRawPointer) -> Int? {
        let start = String(UInt(bitPattern: pointer), radix: 16)
        guard let smaps = ResidentMemory.procFile("smaps") else { return nil }
        var inside = false
        for line in smaps.split(separator: "\n") {
            let first = line.prefix { $0 != " " }
            if let dash = first.firstIndex(of: "-"), UInt(first[..<dash], radix: 16) != nil {
                inside = first.hasPrefix(start + "-")
            } else if inside, line.hasPrefix("Rss:") {
                return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            }
        }
        return nil
    }
}
