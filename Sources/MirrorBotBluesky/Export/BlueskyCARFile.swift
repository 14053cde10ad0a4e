import CBOR
import Foundation

/// A CAR v1 file (`com.atproto.sync.getRepo`, the app's "Export my data"): a
/// varint-prefixed DAG-CBOR header `{version: 1, roots: [CID]}`, then blocks, each
/// a varint length, a CID and the block's DAG-CBOR bytes. Read whole into memory
/// (an export is some megabytes); blocks are decoded when asked for.
struct BlueskyCARFile {
    struct Malformed: Error {
        var offset: Int
        var message: String
    }

    let bytes: [UInt8]
    let roots: [BlueskyCID]
    /// Where each block's data lies.
    private let blocks: [BlueskyCID: Range<Int>]

    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        guard let (headerLength, prefix) = Varint.read(bytes[...]), headerLength > 0, Int(headerLength) <= bytes.count - prefix else {
            throw Malformed(offset: 0, message: "not a CAR file: no header length")
        }
        let headerRange = prefix..<(prefix + Int(headerLength))
        let header: CBORValue
        do { header = try CBORDecoder.decode(bytes[headerRange]) } catch let error as CBORError {
            throw Malformed(offset: prefix + error.offset, message: "not a CAR file: the header is not CBOR (\(error.message))")
        }
        guard header["version"]?.unsigned == 1 else { throw Malformed(offset: prefix, message: "not a CAR v1 file (header version is not 1)") }
        let roots = (header["roots"]?.array ?? []).compactMap { value -> BlueskyCID? in
            guard case .tagged(42, .bytes(let link)) = value else { return nil }
            return BlueskyCID(link: link)
        }
        guard !roots.isEmpty, roots.count == header["roots"]?.array?.count else {
            throw Malformed(offset: prefix, message: "the CAR header names no root commit")
        }
        self.roots = roots
        var blocks: [BlueskyCID: Range<Int>] = [:]
        var offset = headerRange.upperBound
        while offset < bytes.count {
            guard let (length, lengthBytes) = Varint.read(bytes[offset...]) else {
                throw Malformed(offset: offset, message: "a block length runs past the end of the file")
            }
            let start = offset + lengthBytes
            guard length > 0, Int(length) <= bytes.count - start else {
                throw Malformed(offset: offset, message: "a block of \(length) bytes runs past the end of the file (truncated?)")
            }
            let end = start + Int(length)
            guard let (cid, cidLength) = BlueskyCID.read(bytes[start..<end]) else {
                throw Malformed(offset: start, message: "a block does not start with a CID")
            }
            if let mismatch = cid.mismatch(bytes[(start + cidLength)..<end]) {
                throw Malformed(offset: start, message: "the block \(cid) does not match its CID: \(mismatch)")
            }
            blocks[cid] = (start + cidLength)..<end
            offset = end
        }
        self.blocks = blocks
    }

    var blockCount: Int { blocks.count }

    /// Where `cid`'s data starts in the file, when present.
    func offset(of cid: BlueskyCID) -> Int? { blocks[cid]?.lowerBound }

    /// The decoded block `cid`; throws when it is missing or not CBOR.
    func block(_ cid: BlueskyCID, what: String) throws -> CBORValue {
        guard let range = blocks[cid] else { throw Malformed(offset: bytes.count, message: "\(what) \(cid) is not in the file") }
        do { return try CBORDecoder.decode(bytes[range]) } catch let error as CBORError {
            throw Malformed(offset: range.lowerBound + min(error.offset, range.count), message: "\(what) \(cid) is not DAG-CBOR: \(error.message)")
        }
    }
}
