import Foundation
import Clocks
import HTTPExchange
import JSONLines
import MirrorBot
import MirrorBotStatus
import StatusServer
import Synchronization

/// `mirror-bot-bench status-ratio [--requests N] [--connections C] [--rounds N] [--curl PATH]`:
/// the status page under load. Starts two status servers in this process on loopback (the
/// daemon's `StatusServer`, libmicrohttpd, default limits): one answering with the daemon's
/// own routes (`StatusRoutes`) over a busy board (every loop's rounds, a day's plan of 24
/// posted slots, the rhythm of 1,440 minutes, 200 events, requests counted on 20 endpoints),
/// the other answering every request with those same bytes rendered once (the baseline:
/// the server and the client's work without the rendering). Then, in alternating rounds,
/// times one curl process sending N requests (default 1,000) over C connections (default 8,
/// under the server's 16 per address) to each, for `/` and for `/metrics`. Prints
/// `ratio status-page=` and `ratio status-metrics=` (the baseline's time / the routes'),
/// which `scripts/bench-guard.sh` reads; fails unless every request was answered 200.
enum StatusRatioBenchmark {
    static let usage = "mirror-bot-bench status-ratio [--requests N] [--connections C] [--rounds N] [--curl PATH]"

    static func run(arguments: [String]) async throws {
        var (requests, connections, rounds, curl) = (1_000, 8, 5, "/usr/bin/curl")
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--requests": requests = Int(rest.popFirst() ?? "") ?? 0
            case "--connections": connections = Int(rest.popFirst() ?? "") ?? 0
            case "--rounds": rounds = Int(rest.popFirst() ?? "") ?? 0
            case "--curl": curl = rest.popFirst() ?? ""
            default: requests = 0
            }
        }
        guard requests > 0, connections > 0, rounds > 0, FileManager.default.isExecutableFile(atPath: curl) else {
            throw InputError(file: "arguments", message: "expected \(usage) (curl at '\(curl)')")
        }
        let board = busyBoard()
        let routes = StatusRoutes(board: board)
        let answered = Mutex(0)
        let product = try StatusServer(address: "127.0.0.1", port: 0) { request in
            let reply = routes.respond(method: request.method, path: request.path)
            if reply.status == 200 { answered.withLock { $0 += 1 } }
            return reply
        }
        let fixed = ["/": routes.respond(method: "GET", path: "/"), "/metrics": routes.respond(method: "GET", path: "/metrics")]
        let baseline = try StatusServer(address: "127.0.0.1", port: 0) { request in
            answered.withLock { $0 += 1 }
            return fixed[request.path] ?? HTTPReply(status: 404, headers: [], body: [])
        }
        defer {
            product.stop()
            baseline.stop()
        }
        for (name, path) in [("status-page", "/"), ("status-metrics", "/metrics")] {
            var (plain, ours): ([Duration], [Duration]) = ([], [])
            for _ in 0..<rounds {
                answered.withLock { $0 = 0 }
                plain.append(try load(curl, port: baseline.port, path: path, requests: requests, connections: connections))
                ours.append(try load(curl, port: product.port, path: path, requests: requests, connections: connections))
                let count = answered.withLock { $0 }
                guard count == 2 * requests else {
                    throw InputError(file: path, message: "\(count) of \(2 * requests) requests answered 200")
                }
            }
            let (plainMedian, ourMedian) = (ScheduleRatioBenchmark.median(plain), ScheduleRatioBenchmark.median(ours))
            let bytes = fixed[path]?.body.count ?? 0
            print("status-ratio \(path) (\(bytes) bytes) requests=\(requests) connections=\(connections) rounds=\(rounds): "
                + "fixed bytes \(Int(Double(requests) / plainMedian.seconds)) req/s, "
                + "the daemon's routes \(Int(Double(requests) / ourMedian.seconds)) req/s (medians)")
            print("ratio \(name)=\(String(format: "%.3f", plainMedian / ourMedian)) (fixed bytes / the daemon's routes, time for \(requests) requests)")
        }
    }

    /// One curl process fetching `path` `requests` times over `connections` parallel connections; its wall time.
    static func load(_ curl: String, port: Int, path: String, requests: Int, connections: Int) throws -> Duration {
        let url = "http://127.0.0.1:\(port)\(path)?[1-\(requests)]"
        return try ScheduleRatioBenchmark.runProcess(
            curl, ["--silent", "--no-progress-meter", "--fail", "--parallel", "--parallel-max", "\(connections)", url], environment: ProcessInfo.processInfo.environment)
    }

    /// A board as a busy daemon's looks after a day: every loop's rounds, today's plan, the rhythm, events, request counts.
    static func busyBoard() -> StatusBoard {
        let board = StatusBoard(botClock: SystemClock())
        let now = Date()
        let day = LocalDate(now, in: .gmt)
        for loop in StatusMetrics.loops { board.roundSucceeded(loop, wait: .seconds(60)) }
        board.publishPlan((0..<24).map { hour in
            PlanSlot(date: day, minute: hour * 60 + 7, state: .posted, text: "ひとりごと その\(hour) ラーメンとつけ麺", postedID: "\(1_000 + hour)", postedAt: now)
        }, for: day, timeZone: .gmt)
        board.publishRhythm(human: (0..<1_440).map { ($0 * 7_919) % 13 }, botEarlierDays: (0..<60).map { $0 * 23 }, days: 3, day: day)
        board.setThreshold(3, source: "configured")
        for index in 0..<100 {
            board.record(.learnedPosts(stored: index + 1, retweetsSkipped: index % 3), loop: "learning")
            board.record(.replySilent(mention: "\(5_000 + index)", to: "@friend\(index % 10)"), loop: "replies")
        }
        for endpoint in 0..<20 {
            for outcome in ["ok", "error"] {
                board.countRequest(account: endpoint % 2 == 0 ? "human" : "bot", endpoint: "GET /2/endpoint\(endpoint)", outcome: outcome, rateLimited: false)
            }
        }
        return board
    }
}
