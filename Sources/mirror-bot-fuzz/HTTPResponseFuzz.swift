import APIClientCore
import Foundation

/// A server's answer as the fuzzer writes it, in text so the seeds read like HTTP:
///
///     429
///     x-rate-limit-remaining: 0
///     x-rate-limit-reset: 1700000000
///
///     {"title": "Too Many Requests"}
///
/// The status line, header lines up to an empty line, then the body. A status that is
/// not a number in 100...599 is 200.
struct FuzzHTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    init(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes[...]
        func line() -> String? {
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let text = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
            rest = end < rest.endIndex ? rest[(end + 1)...] : rest[rest.endIndex...]
            return text.hasSuffix("\r") ? String(text.dropLast()) : text
        }
        let code = line().flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 200
        status = (100...599).contains(code) ? code : 200
        headers = [:]
        while let header = line(), !header.isEmpty {
            guard let colon = header.firstIndex(of: ":") else { continue }
            headers[String(header[..<colon])] = String(header[header.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        body = Data(rest)
    }

    /// As the transport hands it to the client (header names lowercased).
    var reply: HTTPReply { HTTPReply(status: status, headers: headers, body: body) }
}

/// The clients' clock in the fuzzer: it starts here, so a reset header means the same wait every run.
let fuzzNow = Date(timeIntervalSince1970: 1_700_000_000)
