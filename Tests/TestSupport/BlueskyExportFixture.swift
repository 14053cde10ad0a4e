import CBOR
import Digests
import Foundation

/// A Bluesky repository export (CAR v1) built for a test: a commit, a Merkle
/// search tree over `collection/rkey` keys (a left subtree, right subtrees and
/// prefix-compressed keys, so the walk is exercised), and the records, all in
/// DAG-CBOR written by `CBORWriter`. CIDs are CIDv1 dag-cbor over each block's
/// SHA-256, as the reader checks.
public struct BlueskyExportFixture: Sendable {
    public enum Record: Sendable {
        /// A post; `link` puts a link facet over `(byteStart, byteEnd, uri)`; `replyTo` is the parent's URI.
        case post(rkey: String, text: String, createdAt: String, link: (Int, Int, String)? = nil, replyTo: String? = nil)
        case repost(rkey: String, subject: String)
        case like(rkey: String, subject: String)
        /// Any record value at `collection/rkey` (e.g. a post the lexicon does not allow).
        case raw(key: String, value: CBORValue)

        var key: String {
            switch self {
            case .raw(let key, _): key
            case .post(let rkey, _, _, _, _): "app.bsky.feed.post/\(rkey)"
            case .repost(let rkey, _): "app.bsky.feed.repost/\(rkey)"
            case .like(let rkey, _): "app.bsky.feed.like/\(rkey)"
            }
        }
    }

    public var did: String
    public var records: [Record]

    public init(did: String, records: [Record]) {
        self.did = did
        self.records = records
    }

    static let cidPrefix: [UInt8] = [0x01, 0x71, 0x12, 0x20]

    /// The CIDv1 (dag-cbor, sha2-256) of `block`: the reader checks every block against its CID.
    static func cid(of block: [UInt8]) -> [UInt8] { cidPrefix + sha256(block) }

    /// SHA-256 of `bytes` (OpenSSL's, as the reader uses).
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] { Digest.sha256(bytes) }

    static func link(_ cid: [UInt8]) -> CBORValue { .tagged(42, .bytes([0x00] + cid)) }

    func recordValue(_ record: Record) -> CBORValue {
        switch record {
        case .raw(_, let value):
            return value
        case .post(_, let text, let createdAt, let link, let replyTo):
            var pairs: [CBORPair] = [
                CBORPair(.text("$type"), .text("app.bsky.feed.post")), CBORPair(.text("text"), .text(text)),
                CBORPair(.text("createdAt"), .text(createdAt)), CBORPair(.text("langs"), .array([.text("ja")])),
            ]
            if let (start, end, uri) = link {
                pairs.append(CBORPair(.text("facets"), .array([.object([
                    "index": .object(["byteStart": .unsigned(UInt64(start)), "byteEnd": .unsigned(UInt64(end))]),
                    "features": .array([.object(["$type": .text("app.bsky.richtext.facet#link"), "uri": .text(uri)])]),
                ])])))
            }
            if let replyTo {
                let ref = CBORValue.object(["uri": .text(replyTo), "cid": .text("bafyreiparentparentparentparentparentparentparentparen")])
                pairs.append(CBORPair(.text("reply"), .object(["root": ref, "parent": ref])))
            }
            return .map(pairs)
        case .repost(_, let subject), .like(_, let subject):
            let type = if case .repost = record { "app.bsky.feed.repost" } else { "app.bsky.feed.like" }
            return .object([
                "$type": .text(type), "createdAt": .text("2024-05-01T10:00:00.000Z"),
                "subject": .object(["uri": .text(subject), "cid": .text("bafyreisubjectsubjectsubjectsubjectsubjectsubjectsubje")]),
            ])
        }
    }

    /// The file's bytes.
    public func bytes() -> [UInt8] {
        var blocks: [(cid: [UInt8], data: [UInt8])] = []
        func add(_ value: CBORValue) -> [UInt8] {
            let data = CBORWriter.encode(value)
            let cid = Self.cid(of: data)
            blocks.append((cid, data))
            return cid
        }
        let sorted = records.map { ($0.key, add(recordValue($0))) }.sorted { $0.0 < $1.0 }
        // Tree: the first third in a left subtree, the rest in the root, every other root entry with a right subtree of one.
        let leftCount = sorted.count / 3
        func entries(_ items: ArraySlice<(String, [UInt8])>, subtrees: [Int: [UInt8]] = [:]) -> CBORValue {
            var previous: [UInt8] = []
            var list: [CBORValue] = []
            for (offset, item) in items.enumerated() {
                let key = Array(item.0.utf8)
                let prefix = zip(previous, key).prefix { $0 == $1 }.count
                list.append(.object([
                    "p": .unsigned(UInt64(prefix)), "k": .bytes(Array(key[prefix...])), "v": Self.link(item.1),
                    "t": subtrees[offset].map(Self.link) ?? .null,
                ]))
                previous = key
            }
            return .array(list)
        }
        let leftNode = leftCount > 0 ? add(.object(["l": .null, "e": entries(sorted.prefix(leftCount))])) : nil
        var rest = Array(sorted.dropFirst(leftCount))
        var rootItems: [(String, [UInt8])] = []
        var subtrees: [Int: [UInt8]] = [:]
        while !rest.isEmpty {
            rootItems.append(rest.removeFirst())
            if !rest.isEmpty, rootItems.count % 2 == 1 {
                subtrees[rootItems.count - 1] = add(.object(["l": .null, "e": entries([rest.removeFirst()][...])]))
            }
        }
        let root = add(.object(["l": leftNode.map(Self.link) ?? .null, "e": entries(rootItems[...], subtrees: subtrees)]))
        let commit = add(.object([
            "did": .text(did), "version": .unsigned(3), "data": Self.link(root), "rev": .text("3kabcdefghijk"), "prev": .null,
            "sig": .bytes(Array(repeating: 7, count: 64)),
        ]))
        let header = CBORWriter.encode(.object(["version": .unsigned(1), "roots": .array([Self.link(commit)])]))
        var file = varint(header.count) + header
        // The commit first, as getRepo writes it, then the rest.
        for block in blocks.reversed() {
            file += varint(block.cid.count + block.data.count) + block.cid + block.data
        }
        return file
    }

    func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var out: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            out.append(byte)
        } while value != 0
        return out
    }

    /// Writes `bytes` (these, or broken ones) to a fresh temporary `.car` file.
    public func write(_ bytes: [UInt8]? = nil) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("repo") + ".car")
        try Data(bytes ?? self.bytes()).write(to: url)
        return url
    }
}

extension BlueskyExportFixture {
    /// One picture of `picturePost`: its bytes, type, alt text and aspect ratio.
    public struct Picture: Sendable {
        public var data: [UInt8]
        public var mimeType: String
        public var alt: String
        public var width: Int
        public var height: Int

        public init(data: [UInt8], mimeType: String, alt: String, width: Int, height: Int) {
            self.data = data
            self.mimeType = mimeType
            self.alt = alt
            self.width = width
            self.height = height
        }

        /// The blob's CID as the PDS names it: CIDv1, raw codec, SHA-256 of the bytes.
        public var cidBytes: [UInt8] { [0x01, 0x55, 0x12, 0x20] + BlueskyExportFixture.sha256(data) }
        /// The same as text (`b` and RFC 4648 base32, lowercase, unpadded): `bafkrei…`.
        public var cid: String {
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
            var text = "b", buffer = 0, bits = 0
            for byte in cidBytes {
                buffer = buffer << 8 | Int(byte)
                bits += 8
                while bits >= 5 {
                    text.append(alphabet[(buffer >> (bits - 5)) & 31])
                    bits -= 5
                }
            }
            if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
            return text
        }
    }

    /// A post record embedding `pictures` (`app.bsky.embed.images`), each a blob ref as the
    /// repository holds it (`ref` a CID link), with its alt text and aspect ratio; `.raw` takes it.
    public static func picturePost(text: String, createdAt: String, pictures: [Picture]) -> CBORValue {
        let images = pictures.map { picture in
            CBORValue.object([
                "image": .object([
                    "$type": .text("blob"), "ref": link(picture.cidBytes), "mimeType": .text(picture.mimeType),
                    "size": .unsigned(UInt64(picture.data.count)),
                ]),
                "alt": .text(picture.alt),
                "aspectRatio": .object(["width": .unsigned(UInt64(picture.width)), "height": .unsigned(UInt64(picture.height))]),
            ])
        }
        return .object([
            "$type": .text("app.bsky.feed.post"), "text": .text(text), "createdAt": .text(createdAt),
            "embed": .object(["$type": .text("app.bsky.embed.images"), "images": .array(images)]),
        ])
    }
}
