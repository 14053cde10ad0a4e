import Foundation

/// A seed file a fake server cannot load, with what is wrong in it (`bad seed: …`).
public struct FakeSeedError: Error, Equatable, CustomStringConvertible {
    public let detail: String

    public init(_ detail: String) { self.detail = detail }

    public var description: String { "bad seed: \(detail)" }

    /// A scheduled entry's `after_seconds` (`field`) must be a finite number from 0.
    public static func checkDelay(_ seconds: Double, field: String) throws {
        guard seconds >= 0, seconds.isFinite else { throw FakeSeedError("\(field) must be a number of seconds from 0") }
    }
}
