import Foundation

extension RequestBody {
    /// A file part of a multipart body.
    public struct FilePart: Sendable, Equatable {
        public var name: String
        public var filename: String
        public var contentType: String
        public var data: Data

        public init(name: String, filename: String, contentType: String, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }
    }

    /// `multipart/form-data` (RFC 7578): `fields` as text parts (UTF-8), then `file`, split by
    /// `boundary` (which must occur in none of them: a random one by default).
    public static func multipart(
        fields: [(name: String, value: String)], file: FilePart, boundary: String = "mirror-bot-" + UUID().uuidString
    ) -> RequestBody {
        var body = Data()
        func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
        for field in fields {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(quoted(field.name))\"")
            line("")
            line(field.value)
        }
        line("--\(boundary)")
        line("Content-Disposition: form-data; name=\"\(quoted(file.name))\"; filename=\"\(quoted(file.filename))\"")
        line("Content-Type: \(file.contentType)")
        line("")
        body.append(file.data)
        line("")
        line("--\(boundary)--")
        return RequestBody(data: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// A name inside quotes: `"`, CR and LF percent-encoded (RFC 7578 section 4.2, as browsers do).
    private static func quoted(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }
}
