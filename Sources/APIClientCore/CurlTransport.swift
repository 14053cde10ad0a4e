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
/// `CurlLoop.connectionsPerServer` connections are open to one server at once; further requests to it
/// wait in libcurl's queue for one to come free, so a slow server meets a steady number of requests
/// rather than one more connection per bot. `timeout` is how long a request may go without a byte
/// moving either way (connecting and waiting in that queue included), as `URLSession`'s request
/// timeout was; a transfer that long idle fails with `URLError(.timedOut)`. Redirects are followed,
/// compressed answers decoded, and `Expect: 100-continue` never sent.
public struct CurlTransport: HTTPTransport {
    let timeout: TimeInterval

    public init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    public func send(_ request: URLRequest) async throws -> HTTPReply {
        guard let loop = CurlLoop.shared else { throw URLError(.cannotLoadFromNetwork) }
        let transfer = try CurlTransfer(request, timeout: timeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }
}

/// One request: its easy handle, what has come back so far, and who waits for it. Its mutable state is
/// touched by the sender before `submit` and by the loop's thread after, never both at once.
final class CurlTransfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    let timeoutNanoseconds: UInt64
    var continuation: CheckedContinuation<HTTPReply, any Error>?
    var body = Data()
    var headers: [String: String] = [:]
    var lastProgress = CurlLoop.monotonicNanoseconds()
    var downloaded: curl_off_t = 0
    var uploaded: curl_off_t = 0
    let cancelled = Mutex(false)

    init(_ request: URLRequest, timeout: TimeInterval) throws {
        guard let url = request.url?.absoluteString, let easy = curl_easy_init() else { throw URLError(.badURL) }
        self.easy = easy
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

    /// Connections open to one server (scheme, host and port) at once. Each open transfer costs
    /// every turn of the loop (libcurl walks them, `poll` watches their sockets), so when a server
    /// slows down and answers late, a connection for every waiting request would slow the loop as
    /// the server's queue grows, until requests time out in the loop itself; queued in libcurl, they
    /// cost nothing until their turn. 64 at once keep a server answering in 50 ms busy with 1,280
    /// requests a second.
    static let connectionsPerServer = 64

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
        var lastSweep = Self.monotonicNanoseconds()
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
                active[transfer.easy] = transfer
                curl_multi_add_handle(multi, transfer.easy)
            }
            for transfer in cancelled where active.removeValue(forKey: transfer.easy) != nil {
                curl_multi_remove_handle(multi, transfer.easy)
                transfer.finish(.failure(URLError(.cancelled)))
            }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = active.removeValue(forKey: easy)
                else { continue }
                let result = mirror_curl_message_result(message)
                curl_multi_remove_handle(multi, easy)
                if result == CURLE_OK {
                    var status = 0
                    _ = mirror_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
                    transfer.finish(.success(HTTPReply(status: status, headers: transfer.headers, body: transfer.body)))
                } else {
                    transfer.finish(.failure(URLError(Self.code(of: result))))
                }
            }

            // Transfers idle longer than their timeout fail, checked ten times a second at most.
            let now = Self.monotonicNanoseconds()
            if now - lastSweep >= 100_000_000 {
                lastSweep = now
                for (easy, transfer) in active where now > transfer.lastProgress + transfer.timeoutNanoseconds {
                    active[easy] = nil
                    curl_multi_remove_handle(multi, easy)
                    transfer.finish(.failure(URLError(.timedOut)))
                }
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
