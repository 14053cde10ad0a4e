/// A decoded response and the headers it came with (Mastodon pages by `Link`).
public struct APIResponse<Value: Sendable>: Sendable {
    public var value: Value
    /// Header names lowercased.
    public var headers: [String: String]

    public init(value: Value, headers: [String: String]) {
        self.value = value
        self.headers = headers
    }
}

extension APIResponse: Equatable where Value: Equatable {}
