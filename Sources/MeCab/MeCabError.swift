/// MeCab could not start: no dictionary, or MeCab refused the one given.
public struct MeCabError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { "MeCab: \(message)" }
}
