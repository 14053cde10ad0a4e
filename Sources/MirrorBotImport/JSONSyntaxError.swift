import Foundation

/// Where a JSON text breaks. JSONDecoder on Linux says only "not valid JSON";
/// JSONSerialization says "Invalid value around character 18." (a 0-based
/// byte offset). Only called for text already known to be bad.
struct JSONSyntaxError {
    /// Byte offset in the text, when the parser named one.
    var offset: Int?
    /// "invalid value", "invalid escape sequence", …
    var reason: String

    init?(_ data: Data) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "malformed"
            let marker = " around character "
            if let range = detail.range(of: marker) {
                offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
                reason = String(detail[..<range.lowerBound])
            } else {
                offset = nil
                reason = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
            }
            reason = reason.prefix(1).lowercased() + reason.dropFirst()
        }
    }
}
