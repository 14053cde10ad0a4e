import Foundation

/// A `multipart/form-data` body (RFC 7578) as a fake server reads it: parts in order, each
/// with its name, its file name and type when it is a file, and its bytes. Strict: a body
/// that is not well formed (no boundary, a part without `Content-Disposition: form-data`
/// and a name, no closing delimiter) is nil, as a real server refuses it.
public struct MultipartForm: Sendable {
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var data: Data
    }

    public var parts: [Part]

    /// The first part called `name`.
    public func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// A text part's value (UTF-8).
    public func value(_ name: String) -> String? { part(name).map { String(decoding: $0.data, as: UTF8.self) } }

    /// Parses `body` sent with `contentType` (`multipart/form-data; boundary=…`).
    public init?(contentType: String?, body: Data) {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty
        else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        guard body.starts(with: delimiter) else { return nil }
        var parts: [Part] = []
        var cursor = body.startIndex + delimiter.count
        while true {
            // After a delimiter: `--` closes the body, CRLF starts a part.
            let rest = body[cursor...]
            if rest.starts(with: Data("--".utf8)) { break }
            guard rest.starts(with: crlf) else { return nil }
            let partStart = cursor + crlf.count
            guard let next = body.range(of: crlf + delimiter, in: partStart..<body.endIndex) else { return nil }
            guard let part = Self.part(body[partStart..<next.lowerBound]) else { return nil }
            parts.append(part)
            cursor = next.upperBound
        }
        self.parts = parts
    }

    private static func part(_ bytes: Data) -> Part? {
        guard let headEnd = bytes.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: bytes[bytes.startIndex..<headEnd.lowerBound], as: UTF8.self)
        var disposition: String?
        var type: String?
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-disposition" { disposition = value }
            if name == "content-type" { type = value }
        }
        guard let disposition, disposition.lowercased().hasPrefix("form-data"),
            let name = parameter("name", in: disposition)
        else { return nil }
        return Part(name: name, filename: parameter("filename", in: disposition), contentType: type, data: Data(bytes[headEnd.upperBound...]))
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    private static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(key + "=") else { continue }
            var value = String(pair.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }
}
