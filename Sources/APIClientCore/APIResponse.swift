/// A decoded response and the headers it came with (Mastodon pages by `Link`).
public struct APIResponse<Value: Sendable>: Sendable {
    public var value: Value
    /// Header names lowercased.
    public var headers: [String: String]
}

extension APIResponse: Equatable where Value: Equatable {}
