/// What is wrong with one archive entry; the reader adds file and position.
struct ArchiveEntryError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
