import APIClientCore
import FakeHTTP
import Foundation
import JSONLines
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mirror-bot-bench http-line [--requests N] [--answer-ms M]`: a host's HTTP loop when one server
/// is far behind. Sends N requests (default 20,000) at once through `CurlTransport` to a server on
/// loopback (FakeHTTP, 64 workers) that answers each after M ms (default 50): 64 at a time in
/// libcurl's hands, the rest waiting in line. Prints the wall time, this process's CPU seconds (the
/// loop's, the senders' and the server's), and the most requests seen sent and waiting; fails
/// unless every request was answered 200.
enum HTTPLineBenchmark {
    static let usage = "mirror-bot-bench http-line [--requests N] [--answer-ms M]"

    static func run(arguments: [String]) async throws {
        var (requests, answerMilliseconds) = (20_000, 50)
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--requests": requests = Int(rest.popFirst() ?? "") ?? 0
            case "--answer-ms": answerMilliseconds = Int(rest.popFirst() ?? "") ?? -1
            default: requests = 0
            }
        }
        guard requests > 0, answerMilliseconds >= 0 else {
            throw InputError(file: "arguments", message: "expected \(usage)")
        }
        let pause = useconds_t(answerMilliseconds * 1000)
        let server = try HTTPListener(port: 0, workers: CurlTransport.connectionsPerServer)
        try server.start(name: "slow") { _ in
            usleep(pause)
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data("ok".utf8))
        }
        defer { server.stop() }
        guard let url = URL(string: "http://127.0.0.1:\(server.port)/") else {
            throw InputError(file: "http-line", message: "no URL for port \(server.port)")
        }
        let transport = CurlTransport(timeout: 600)
        let cpuBefore = cpuSeconds()
        let clock = ContinuousClock()
        let started = clock.now
        let most = Mutex((sent: 0, waiting: 0))
        let sampling = Task {
            while !Task.isCancelled {
                let now = CurlTransport.requests(to: url)
                most.withLock { $0 = (max($0.sent, now.sent), max($0.waiting, now.waiting)) }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<requests {
                group.addTask { try await transport.send(URLRequest(url: url.appending(path: "\(index)"))).status == 200 ? 1 : 0 }
            }
            return try await group.reduce(0, +)
        }
        let wall = clock.now - started
        sampling.cancel()
        let cpu = cpuSeconds() - cpuBefore
        let seen = most.withLock { $0 }
        print(String(format: "http-line: %d requests, answered after %d ms each: %.1f s, %.2f CPU-s (%.0f µs a request); at most %d sent, %d waiting",
            requests, answerMilliseconds, Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
            cpu, cpu / Double(requests) * 1e6, seen.sent, seen.waiting))
        guard answered == requests else {
            throw InputError(file: "http-line", message: "\(requests - answered) of \(requests) requests were not answered 200")
        }
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
