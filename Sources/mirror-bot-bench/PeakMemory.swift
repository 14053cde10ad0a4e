import Foundation

/// The process's resident memory from /proc/self/status (Linux).
enum PeakMemory {
    /// Peak resident set size (VmHWM) in KiB, or nil when unreadable.
    static func peakKiB() -> Int? { field("VmHWM:") }

    /// Current resident set size (VmRSS) in KiB.
    static func currentKiB() -> Int? { field("VmRSS:") }

    /// Another process's current resident set size (VmRSS) in KiB.
    static func residentKiB(pid: Int32) -> Int? { field("VmRSS:", status: "/proc/\(pid)/status") }

    /// Resets VmHWM to the current RSS (writes 5 to /proc/self/clear_refs), so a
    /// benchmark's peak excludes its own set-up. Returns false when not allowed.
    @discardableResult
    static func reset() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    static func megabytes(_ kib: Int?) -> String {
        guard let kib else { return "unknown" }
        return String(format: "%.1f MB", Double(kib) / 1024)
    }

    private static func field(_ name: String, status path: String = "/proc/self/status") -> Int? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }
}
