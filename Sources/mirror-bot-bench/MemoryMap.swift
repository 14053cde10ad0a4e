import Foundation

/// Where a process's resident memory is (Linux): /proc/PID/smaps summed by what is
/// mapped (a file's name, or [heap], [stack], anonymous), largest first.
enum MemoryMap {
    struct Part {
        var name: String
        var residentKiB: Int
        var anonymousKiB: Int
    }

    static func parts(pid: Int32) -> [Part] {
        // Read to the end: /proc files report size 0, and reading by size stops after the first page.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"), let data = try? handle.readToEnd() else { return [] }
        try? handle.close()
        let smaps = String(decoding: data, as: UTF8.self)
        var totals: [String: Part] = [:]
        var current = "anonymous"
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), fields.count >= 5, !first.hasSuffix(":") {
                current = fields.count >= 6 ? String(fields[5...].joined(separator: " ").split(separator: "/").last ?? "") : "anonymous"
            } else if first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                totals[current, default: Part(name: current, residentKiB: 0, anonymousKiB: 0)].residentKiB += kib
            } else if first == "Anonymous:", fields.count >= 2, let kib = Int(fields[1]) {
                totals[current, default: Part(name: current, residentKiB: 0, anonymousKiB: 0)].anonymousKiB += kib
            }
        }
        return totals.values.filter { $0.residentKiB > 0 }.sorted { $0.residentKiB > $1.residentKiB }
    }

    /// The largest parts, one a line: "name rss MB (anonymous MB)".
    static func report(pid: Int32, limit: Int = 12) -> [String] {
        parts(pid: pid).prefix(limit).map {
            String(format: "  %-42@ %6.1f MB (anonymous %.1f MB)", $0.name as NSString, Double($0.residentKiB) / 1024, Double($0.anonymousKiB) / 1024)
        }
    }
}
