/// What is wrong with one archive entry; the reader adds file and position.
public struct ArchiveEntryError: Error {
    public var message: String
    public init(_ message: String) { self.message = message }
}
