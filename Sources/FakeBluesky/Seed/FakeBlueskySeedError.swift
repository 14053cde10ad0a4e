/// A seed file the fake Bluesky cannot load, with what is wrong in it.
public struct FakeBlueskySeedError: Error, Equatable, CustomStringConvertible {
    public let detail: String

    public init(_ detail: String) { self.detail = detail }

    public var description: String { "bad seed: \(detail)" }
}
