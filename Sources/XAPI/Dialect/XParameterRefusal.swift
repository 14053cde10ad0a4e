import Foundation

/// One query parameter a 400 refused, in the server's own terms: the parameter, and the
/// values of it that were refused (empty when the parameter itself is unknown).
///
/// X states it in three ways, all read here: 2.159's `errors[].parameters`
/// (`{"tweet.fields": ["created_at,…"]}`), 2.167's `parameter` and `value` on the problem,
/// and the message (`The query parameter [tweet.fields] is not one of […]`,
/// ``The `expansions` query parameter value [referenced_posts] is not one of […]``).
public struct XParameterRefusal: Sendable, Equatable, Codable {
    public var parameter: String
    /// Each refused value on its own (a comma-separated value is split).
    public var values: [String]

    public init(parameter: String, values: [String] = []) {
        self.parameter = parameter
        self.values = values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    /// The refusal a message states, if it is one of X's two sentences about query parameters.
    public static func parse(message: String) -> XParameterRefusal? {
        if let name = bracketed(after: "The query parameter [", in: message) {
            return XParameterRefusal(parameter: name)
        }
        if let start = message.range(of: "The `"), let end = message.range(of: "` query parameter value [", range: start.upperBound..<message.endIndex),
            let value = bracketed(after: "` query parameter value [", in: message)
        {
            return XParameterRefusal(parameter: String(message[start.upperBound..<end.lowerBound]), values: [value])
        }
        return nil
    }

    private static func bracketed(after prefix: String, in text: String) -> String? {
        guard let start = text.range(of: prefix), let end = text[start.upperBound...].firstIndex(of: "]") else { return nil }
        return String(text[start.upperBound..<end])
    }
}
