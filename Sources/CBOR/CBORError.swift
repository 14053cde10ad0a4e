/// Bytes that are not one well-formed CBOR item (or not one this decoder takes).
public struct CBORError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The bytes end inside the item.
        case truncated
        /// Not CBOR (a reserved or impossible encoding).
        case malformed
        /// Well-formed, but not allowed here: indefinite lengths, nesting too deep.
        case unsupported
        case outOfMemory
    }

    public var kind: Kind
    /// The byte offset (from the start of the input) near which decoding failed.
    public var offset: Int
    public var message: String

    public var description: String { "\(message) (CBOR \(kind.rawValue) near byte \(offset))" }
}
