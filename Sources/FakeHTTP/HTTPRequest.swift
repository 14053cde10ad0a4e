import Foundation
import HTTPSupport

/// A parsed HTTP/1.x request.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path as sent (still percent-encoded), without the query.
    public var path: String
    /// The raw query string (after `?`), or empty.
    public var rawQuery: String
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: Data

    /// Decoded query parameters, in order.
    public var query: [(name: String, value: String)] { PercentEncoding.parseForm(rawQuery) }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The value of the cookie `name` in the `Cookie` header (`a=1; b=2`, RFC 6265 section 5.4).
    public func cookie(_ name: String) -> String? {
        headers["cookie"]?.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// The cookie a browser outside the test process sends to a fake's sign-in page to be signed
    /// in as an account (its username), where a test calls the fake's `signInBrowser` instead.
    public static let signedInCookie = "fake_signed_in_as"

    /// Parses the head (request line and headers, without the blank line).
    static func parseHead(_ head: String) -> (method: String, target: String, version: String, headers: [String: String])? {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (String(parts[0]), String(parts[1]), String(parts[2]), headers)
    }

    public init(method: String, target: String, headers: [String: String], body: Data) {
        self.method = method
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            rawQuery = String(target[target.index(after: mark)...])
        } else {
            path = target
            rawQuery = ""
        }
        self.headers = headers
        self.body = body
    }
}
