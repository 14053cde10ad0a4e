import Redis

/// Reads the Redis server's counters: calls per command (`INFO commandstats`)
/// and read events (`total_reads_processed` of `INFO stats`).
struct ServerProbe {
    struct Sample {
        var commands: [String: Int] = [:]
        var reads = 0
    }

    let redis: RedisConnection

    /// One INFO (one round trip, one read event on the server).
    mutating func sample() async throws -> Sample {
        let reply = try await redis.send(["INFO", "everything"]).throwingOnError()
        var sample = Sample()
        for line in (reply.string ?? "").split(whereSeparator: \.isNewline) {
            if line.hasPrefix("total_reads_processed:") {
                sample.reads = Int(line.dropFirst("total_reads_processed:".count)) ?? 0
            } else if line.hasPrefix("cmdstat_"), let colon = line.firstIndex(of: ":") {
                let name = String(line[line.index(line.startIndex, offsetBy: 8)..<colon])
                guard name != "info" else { continue }
                let calls = line[line.index(after: colon)...].split(separator: ",").first { $0.hasPrefix("calls=") }
                sample.commands[name] = calls.flatMap { Int($0.dropFirst(6)) } ?? 0
            }
        }
        return sample
    }
}
