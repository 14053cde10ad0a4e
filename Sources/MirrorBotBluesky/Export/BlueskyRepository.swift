import BlueskyAPI
import CBOR
import Foundation

/// A repository as its export holds it: the signed commit (`{did, version, data, rev,
/// prev, sig}`) and the Merkle search tree under `data`, whose nodes
/// (`{l, e: [{p, k, v, t}]}`, keys prefix-compressed) map `collection/rkey` to the
/// record blocks.
struct BlueskyRepository {
    let car: BlueskyCARFile
    let did: String
    /// Every record, in key order.
    let records: [(collection: String, rkey: String, cid: BlueskyCID)]

    init(car: BlueskyCARFile) throws {
        self.car = car
        guard let root = car.roots.first else { throw BlueskyCARFile.Malformed(offset: 0, message: "no root") }
        let commit = try car.block(root, what: "the commit")
        guard let did = commit["did"]?.text, ATProtoSyntax.isDID(did) else {
            throw BlueskyCARFile.Malformed(offset: car.offset(of: root) ?? 0, message: "the root block is not a repository commit (no did)")
        }
        guard let data = commit["data"].flatMap(Self.link) else {
            throw BlueskyCARFile.Malformed(offset: car.offset(of: root) ?? 0, message: "the commit has no data (MST root) link")
        }
        self.did = did
        var records: [(String, String, BlueskyCID)] = []
        var visited: Set<BlueskyCID> = []
        try Self.walk(data, in: car, depth: 0, visited: &visited) { key, cid, offset in
            let parts = key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, ATProtoSyntax.isNSID(String(parts[0])), ATProtoSyntax.isRecordKey(String(parts[1])) else {
                throw BlueskyCARFile.Malformed(offset: offset, message: "the tree key \(key.debugDescription) is not collection/rkey")
            }
            records.append((String(parts[0]), String(parts[1]), cid))
        }
        self.records = records
    }

    /// A DAG-CBOR link's CID.
    static func link(_ value: CBORValue) -> BlueskyCID? {
        guard case .tagged(42, .bytes(let bytes)) = value else { return nil }
        return BlueskyCID(link: bytes)
    }

    /// In-order walk of the node `cid`: its left subtree, then each entry and the subtree to its right.
    static func walk(
        _ cid: BlueskyCID, in car: BlueskyCARFile, depth: Int, visited: inout Set<BlueskyCID>,
        _ visit: (String, BlueskyCID, Int) throws -> Void
    ) throws {
        let offset = car.offset(of: cid) ?? car.bytes.count
        guard depth < 64, visited.insert(cid).inserted else {
            throw BlueskyCARFile.Malformed(offset: offset, message: "the tree node \(cid) is reached twice or too deep")
        }
        let node = try car.block(cid, what: "the tree node")
        guard let entries = node["e"]?.array else { throw BlueskyCARFile.Malformed(offset: offset, message: "the tree node \(cid) has no entries") }
        if let left = node["l"], !left.isNull {
            guard let child = link(left) else { throw BlueskyCARFile.Malformed(offset: offset, message: "the tree node \(cid) has a bad left link") }
            try walk(child, in: car, depth: depth + 1, visited: &visited, visit)
        }
        var previous: [UInt8] = []
        for entry in entries {
            // `p` is compared as read: `Int(p)` of a p above Int.max trapped (issue 15).
            guard let prefix = entry["p"]?.unsigned, prefix <= UInt64(previous.count), let suffix = entry["k"]?.bytes,
                let value = entry["v"].flatMap(link)
            else { throw BlueskyCARFile.Malformed(offset: offset, message: "the tree node \(cid) has a malformed entry") }
            let key = Array(previous.prefix(Int(prefix))) + suffix
            previous = key
            guard let text = String(validating: key, as: UTF8.self) else {
                throw BlueskyCARFile.Malformed(offset: offset, message: "the tree node \(cid) has a key that is not UTF-8")
            }
            try visit(text, value, offset)
            if let right = entry["t"], !right.isNull {
                guard let child = link(right) else { throw BlueskyCARFile.Malformed(offset: offset, message: "the tree node \(cid) has a bad subtree link") }
                try walk(child, in: car, depth: depth + 1, visited: &visited, visit)
            }
        }
    }

    /// The record block `cid` as JSON (DAG-JSON's `{"$link"}` and `{"$bytes"}` for links and bytes), to decode with the API's models.
    func json(of cid: BlueskyCID, what: String) throws -> Data {
        let value = try car.block(cid, what: what)
        guard let object = Self.jsonObject(value, depth: 0), JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object)
        else { throw BlueskyCARFile.Malformed(offset: car.offset(of: cid) ?? 0, message: "\(what) \(cid) is not a record") }
        return data
    }

    static func jsonObject(_ value: CBORValue, depth: Int) -> Any? {
        guard depth < 64 else { return nil }
        switch value {
        case .unsigned(let number): return number <= UInt64(Int.max) ? Int(number) : Double(number)
        case .negative(let number): return number < UInt64(Int.max) ? -1 - Int(number) : -Double(number) - 1
        case .bytes(let bytes): return ["$bytes": Data(bytes).base64EncodedString()]
        case .text(let text): return text
        case .array(let items): return items.compactMap { jsonObject($0, depth: depth + 1) }
        case .map(let pairs):
            var object: [String: Any] = [:]
            for pair in pairs {
                guard let key = pair.key.text, let value = jsonObject(pair.value, depth: depth + 1) else { continue }
                object[key] = value
            }
            return object
        case .tagged(42, _): return link(value).map { ["$link": $0.description] }
        case .tagged(_, let inner): return jsonObject(inner, depth: depth + 1)
        case .bool(let flag): return flag
        case .null, .undefined: return NSNull()
        case .float(let number): return number.isFinite ? number : nil
        }
    }
}
