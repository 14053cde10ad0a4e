import MirrorBot

/// `PostWarningSource` over a fixed table of texts and their warnings.
public struct FixedWarnings: PostWarningSource {
    public let warnings: [String: PostWarning]

    public init(_ warnings: [String: PostWarning]) {
        self.warnings = warnings
    }

    public func warning(of text: String) async throws -> PostWarning? { warnings[text] }
}
