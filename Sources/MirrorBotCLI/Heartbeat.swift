import Foundation

/// Touches a file after each successful loop round, so a health check can
/// tell a working daemon (a fresh file) from a stuck or failing one without
/// spending a request on the network (`HEARTBEAT_FILE`).
struct Heartbeat: Sendable {
    let path: String

    init(path: String) {
        self.path = path
    }

    /// Writes the current time into the file (creating it), ignoring failures.
    func beat(at date: Date = Date()) {
        let stamp = "\(Int(date.timeIntervalSince1970))\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(stamp.utf8))
    }
}
