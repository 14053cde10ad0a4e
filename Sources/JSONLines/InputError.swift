/// Bad input data (an archive, a JSONL file): names the file and where in it.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var file: String
    /// "line 12", "byte 4096", or empty when the whole file is at fault.
    public var position: String
    public var message: String

    public init(file: String, position: String = "", message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String {
        position.isEmpty ? "\(file): \(message)" : "\(file), \(position): \(message)"
    }
}
