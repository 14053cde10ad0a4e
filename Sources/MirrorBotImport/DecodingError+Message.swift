import Foundation

extension DecodingError {
    /// A short, human sentence: which field, what is wrong. No file data beyond field names.
    public var inputMessage: String {
        switch self {
        case .keyNotFound(let key, _):
            return "missing field \"\(key.stringValue)\""
        case .valueNotFound(_, let context):
            return "field \"\(Self.path(context))\" is null"
        case .typeMismatch(let type, let context):
            return "field \"\(Self.path(context))\" is not a \(type == String.self ? "string" : "\(type)")"
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                return "not valid JSON: \(detail ?? String(describing: underlying))"
            }
            return "not valid JSON: \(context.debugDescription)"
        @unknown default:
            return "cannot be decoded"
        }
    }

    private static func path(_ context: Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}
