import CCurl
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: libcurl, every request of the process on one multi handle driven by one thread.
///
/// A host runs thousands of bots, each with clients of its own; one event loop for all of them keeps
/// their connections in one cache (a connection to a server is reused by every bot of that server) and
/// costs one thread and one `poll` whatever the number of requests in flight. At most
/// `CurlLoop.connectionsPerServer` requests go to one server at once; further requests to it wait in
/// the loop's own line for that server, first come first served within its turn (`HTTPTurn`): a
/// request part of publishing a post goes first, then the reads of what people sent the bot, then
/// the rest. A slow server meets a steady number of requests rather than one more connection per
/// bot, a planned post does not wait behind a day's reads, nor a mention behind the sweeps.
/// `timeout` is how long a request may go without a byte moving either way (connecting and waiting
/// in that line included), as `URLSession`'s request timeout was; a transfer that long idle fails
/// with `URLError(.timedOut)`. Redirects are followed, compressed answers decoded, and
/// `Expect: 100-continue` never sent.
public struct CurlTransport: HTTPTransport {
    let timeout: TimeInterval

    public init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    public func send(_ request: URLRequest) async throws -> HTTPReply {
        try await send(request, options: HTTPSendOptions())
    }

    public func send(_ request: URLRequest, options: HTTPSendOptions) async throws -> HTTPReply {
        guard let loop = CurlLoop.shared else { throw URLError(.cannotLoadFromNetwork) }
        let transfer = try CurlTransfer(request, timeout: timeout, options: options)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }

    /// Requests in libcurl's hands for one server at once (`CurlLoop.connectionsPerServer`).
    public static var connectionsPerServer: Int { CurlLoop.connectionsPerServer }

    /// The process's requests to the server of `url` (its scheme, host and port) now: `sent`, those in
    /// libcurl's hands (at most `CurlLoop.connectionsPerServer`), and `waiting`, those in line behind them.
    public static func requests(to url: URL) -> (sent: Int, waiting: Int) {
        guard let server = CurlTransfer.server(of: url) else { return (0, 0) }
        return requestsByServer()[server] ?? (0, 0)
    }

    /// The same for every server with a request sent now, by `scheme://host:port`.
    public static func requestsByServer() -> [String: (sent: Int, waiting: Int)] {
        CurlLoop.shared?.counts.withLock { $0 } ?? [:]
    }
}

/// One request: its easy handle, what has come back so far, and who waits for it. Its mutable state is
/// touched by the sender before `submit` and by the loop's thread after, never both at once.
final class CurlTransfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    /// Scheme, host and port: the line the request waits in for its turn.
    let server: String
    /// Its place in that line (`HTTPSendOptions.turn`).
    let turn: HTTPTurn
    private var headerList: UnsafeMutablePointer<curl_slist>?
    let timeoutNanoseconds: UInt64
    var continuation: CheckedContinuation<HTTPReply, any Error>?
    var body = Data()
    var headers: [String: String] = [:]
    var lastProgress = CurlLoop.monotonicNanoseconds()
    var downloaded: curl_off_t = 0
    var uploaded: curl_off_t = 0
    let cancelled = Mutex(false)

    init(_ request: URLRequest, timeout: TimeInterval, options: HTTPSendOptions = HTTPSendOptions()) throws {
        guard let target = request.url, let server = Self.server(of: target), let easy = curl_easy_init() else {
            throw URLError(.badURL)
        }
        let url = target.absoluteString
        self.easy = easy
        self.server = server
        turn = options.turn
        timeoutNanoseconds = UInt64(max(timeout, 0.001) * 1e9)
        url.withCString { _ = mirror_curl_setopt_pointer(easy, CURLOPT_URL, $0) }
        _ = mirror_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = mirror_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        _ = mirror_curl_setopt_long(easy, CURLOPT_MAXREDIRS, 10)
        _ = mirror_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(max(timeout, 0.001) * 1000))
        "".withCString { _ = mirror_curl_setopt_pointer(easy, CURLOPT_ACCEPT_ENCODING, $0) }
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody
        switch method {
        case "GET" where body == nil:
            break
        case "HEAD":
            _ = mirror_curl_setopt_long(easy, CURLOPT_NOBODY, 1)
        default:
            // libcurl sends a request again, on its own, when a reused connection closes before any
            // answer: the server may have done it already. A post or its media (`once`) is therefore
            // sent on a connection of its own; whether it went through is then the client's to find
            // out (`Replay`, the post sender's look-up), never a silent second post.
            if options.once { _ = mirror_curl_setopt_long(easy, CURLOPT_FRESH_CONNECT, 1) }
            if method != "POST" { method.withCString { _ = mirror_curl_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, $0) } }
            if method == "POST" || body != nil {
                // Always a body of its own for a POST: without one, libcurl would read standard input.
                let bytes = body ?? Data()
                _ = mirror_curl_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                bytes.withUnsafeBytes { buffer in
                    let empty: StaticString = ""
                    _ = mirror_curl_setopt_pointer(
                        easy, CURLOPT_COPYPOSTFIELDS, buffer.baseAddress ?? UnsafeRawPointer(empty.utf8Start))
                }
            }
        }
        var list: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Expect:")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            list = curl_slist_append(list, "\(name): \(value)")
        }
        headerList = list
        _ = mirror_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, list)
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = mirror_curl_setopt_write(easy, CURLOPT_WRITEFUNCTION, curlWroteBody)
        _ = mirror_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = mirror_curl_setopt_write(easy, CURLOPT_HEADERFUNCTION, curlWroteHeader)
        _ = mirror_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = mirror_curl_setopt_long(easy, CURLOPT_NOPROGRESS, 0)
        _ = mirror_curl_setopt_xferinfo(easy, curlProgressed)
        _ = mirror_curl_setopt_pointer(easy, CURLOPT_XFERINFODATA, context)
    }

    static func server(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
    }

    /// One header line as libcurl hands it; a status line starts the headers of a new answer (after a redirect).
    func received(headerLine line: String) {
        lastProgress = CurlLoop.monotonicNanoseconds()
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return }
        if let earlier = headers[name] { headers[name] = earlier + ", " + value } else { headers[name] = value }
    }

    /// Resumes the sender once; later calls do nothing.
    func finish(_ result: Result<HTTPReply, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
}

private func curlWroteBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
    transfer.lastProgress = CurlLoop.monotonicNanoseconds()
    return size * count
}

private func curlWroteHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    transfer.received(headerLine: String(decoding: bytes, as: UTF8.self))
    return size * count
}

private func curlProgressed(
    _ context: UnsafeMutableRawPointer?, _: curl_off_t, _ downloaded: curl_off_t, _: curl_off_t, _ uploaded: curl_off_t
) -> Int32 {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    if downloaded != transfer.downloaded || uploaded != transfer.uploaded {
        transfer.downloaded = downloaded
        transfer.uploaded = uploaded
        transfer.lastProgress = CurlLoop.monotonicNanoseconds()
    }
    return 0
}

/// The process's one multi handle and the thread that drives it. Senders hand transfers over through
/// `inbox` and wake the thread; everything else is the thread's own.
final class CurlLoop: Sendable {
    /// Nil only when libcurl could not make a multi handle (out of memory): every request then fails.
    static let shared = CurlLoop()

    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
    }

    private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// What `CurlTransport.requests(to:)` reads: each server's requests, as of the loop's last turn.
    let counts = Mutex<[String: (sent: Int, waiting: Int)]>([:])

    /// Requests in libcurl's hands for one server (scheme, host and port) at once, each on a
    /// connection of its own. Each open transfer costs every turn of the loop (libcurl walks them,
    /// `poll` watches their sockets), so when a server slows down and answers late, a connection for
    /// every waiting request would slow the loop as the server's queue grows, until requests time
    /// out in the loop itself. The rest wait in the loop's line for the server, where they cost
    /// nothing until their turn: not in libcurl's own queue, which libcurl 7.88 walks whole each time
    /// a request leaves it (with tens of thousands waiting, most of the host's CPU). 64 at once keep
    /// a server answering in 50 ms busy with 1,280 requests a second.
    static let connectionsPerServer = 64

    /// Requests waiting for their server's turn: those that go `first` (posts being published),
    /// then those that go `soon` (mentions read to be answered), then the rest, each first come
    /// first served.
    struct WaitingLine {
        private var ahead = Queue()
        private var soon = Queue()
        private var rest = Queue()

        var count: Int { ahead.count + soon.count + rest.count }

        mutating func append(_ transfer: CurlTransfer) {
            switch transfer.turn {
            case .first: ahead.append(transfer)
            case .soon: soon.append(transfer)
            case .inOrder: rest.append(transfer)
            }
        }

        mutating func popFirst() -> CurlTransfer? { ahead.popFirst() ?? soon.popFirst() ?? rest.popFirst() }

        /// Takes out the transfers `leaves` picks.
        mutating func remove(where leaves: (CurlTransfer) -> Bool) -> [CurlTransfer] {
            ahead.remove(where: leaves) + soon.remove(where: leaves) + rest.remove(where: leaves)
        }

        private struct Queue {
            private var items: [CurlTransfer] = []
            private var head = 0

            var count: Int { items.count - head }

            mutating func append(_ transfer: CurlTransfer) { items.append(transfer) }

            mutating func popFirst() -> CurlTransfer? {
                guard head < items.count else { return nil }
                let first = items[head]
                head += 1
                if head == items.count {
                    items.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 1024, head * 2 >= items.count {
                    items.removeFirst(head)
                    head = 0
                }
                return first
            }

            mutating func remove(where leaves: (CurlTransfer) -> Bool) -> [CurlTransfer] {
                guard items[head...].contains(where: leaves) else { return [] }
                var left: [CurlTransfer] = []
                var kept: [CurlTransfer] = []
                kept.reserveCapacity(count)
                for transfer in items[head...] {
                    if leaves(transfer) { left.append(transfer) } else { kept.append(transfer) }
                }
                items = kept
                head = 0
                return left
            }
        }
    }

    private init?() {
        curl_global_init(Int(CURL_GLOBAL_SSL))
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        _ = mirror_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.connectionsPerServer)
        let thread = Thread { [self] in run() }
        thread.name = "curl"
        thread.start()
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    func submit(_ transfer: CurlTransfer) {
        inbox.withLock { $0.added.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelled.withLock { $0 = true }
        inbox.withLock { $0.cancelled.append(transfer) }
        curl_multi_wakeup(multi)
    }

    private func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var sent: [String: Int] = [:]
        var lines: [String: WaitingLine] = [:]
        var changed = false
        var lastSweep = Self.monotonicNanoseconds()

        func send(_ transfer: CurlTransfer) {
            active[transfer.easy] = transfer
            sent[transfer.server, default: 0] += 1
            changed = true
            curl_multi_add_handle(multi, transfer.easy)
        }
        /// Out of libcurl's hands: the next in its server's line goes in its place.
        func remove(_ easy: UnsafeMutableRawPointer) -> CurlTransfer? {
            guard let transfer = active.removeValue(forKey: easy) else { return nil }
            curl_multi_remove_handle(multi, easy)
            changed = true
            let server = transfer.server
            sent[server, default: 1] -= 1
            if let next = lines[server]?.popFirst() {
                if lines[server]?.count == 0 { lines[server] = nil }
                send(next)
            }
            if sent[server] == 0 { sent[server] = nil }
            return transfer
        }
        /// Takes the transfers `leaves` picks out of `server`'s line (dropped once empty).
        func leaveLine(_ server: String, where leaves: (CurlTransfer) -> Bool) -> [CurlTransfer] {
            guard let gone = lines[server]?.remove(where: leaves), !gone.isEmpty else { return [] }
            changed = true
            if lines[server]?.count == 0 { lines[server] = nil }
            return gone
        }

        while true {
            let (added, cancelled) = inbox.withLock { inbox in
                defer { inbox = Inbox() }
                return (inbox.added, inbox.cancelled)
            }
            for transfer in added {
                if transfer.cancelled.withLock({ $0 }) {
                    transfer.finish(.failure(URLError(.cancelled)))
                    continue
                }
                transfer.lastProgress = Self.monotonicNanoseconds()
                if sent[transfer.server, default: 0] < Self.connectionsPerServer {
                    send(transfer)
                } else {
                    lines[transfer.server, default: WaitingLine()].append(transfer)
                    changed = true
                }
            }
            // Those in line leave it in one pass a server: a host stopping cancels thousands at once.
            var cancelledInLine: [String: Set<ObjectIdentifier>] = [:]
            for transfer in cancelled {
                if remove(transfer.easy) != nil {
                    transfer.finish(.failure(URLError(.cancelled)))
                } else if lines[transfer.server] != nil {
                    cancelledInLine[transfer.server, default: []].insert(ObjectIdentifier(transfer))
                }
            }
            for (server, leaving) in cancelledInLine {
                for transfer in leaveLine(server, where: { leaving.contains(ObjectIdentifier($0)) }) {
                    transfer.finish(.failure(URLError(.cancelled)))
                }
            }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = active[easy]
                else { continue }
                let result = mirror_curl_message_result(message)
                var status = 0
                if result == CURLE_OK { _ = mirror_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status) }
                _ = remove(easy)
                if result == CURLE_OK {
                    transfer.finish(.success(HTTPReply(status: status, headers: transfer.headers, body: transfer.body)))
                } else {
                    transfer.finish(.failure(URLError(Self.code(of: result))))
                }
            }

            // Transfers idle longer than their timeout fail, in libcurl's hands or in line, checked
            // ten times a second at most.
            let now = Self.monotonicNanoseconds()
            if now - lastSweep >= 100_000_000 {
                lastSweep = now
                let expired = { (transfer: CurlTransfer) in now > transfer.lastProgress + transfer.timeoutNanoseconds }
                for server in Array(lines.keys) {
                    for transfer in leaveLine(server, where: expired) { transfer.finish(.failure(URLError(.timedOut))) }
                }
                for (easy, transfer) in active where expired(transfer) {
                    _ = remove(easy)
                    transfer.finish(.failure(URLError(.timedOut)))
                }
            }
            if changed {
                changed = false
                var snapshot: [String: (sent: Int, waiting: Int)] = [:]
                for (server, count) in sent { snapshot[server] = (count, lines[server]?.count ?? 0) }
                counts.withLock { $0 = snapshot }
            }
            curl_multi_poll(multi, nil, 0, active.isEmpty ? 60_000 : 100, nil)
        }
    }

    /// libcurl's failure as the `URLError` a caller would have had from `URLSession`.
    static func code(of result: CURLcode) -> URLError.Code {
        switch result {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
        case CURLE_COULDNT_CONNECT: .cannotConnectToHost
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
        case CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL
        case CURLE_URL_MALFORMAT: .badURL
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE: .serverCertificateUntrusted
        case CURLE_SSL_CONNECT_ERROR: .secureConnectionFailed
        case CURLE_GOT_NOTHING: .badServerResponse
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: .networkConnectionLost
        default: .unknown
        }
    }
}
