import Foundation

/// One-time jobs (`train scheduler`, `train classifier`) and when they finished.
public protocol JobRecord: Sendable {
    /// When the one-time job `name` finished, or nil.
    func jobFinished(_ name: String) async throws -> Date?
    func finishJob(_ name: String, summary: String) async throws
}
