import JSONLines
import MisskeyAPI

/// A request's parameters, read as Misskey's validator (Ajv, `packages/backend/src/server/api/endpoint-base.ts`)
/// reads them: a wrong type or an out-of-range value is `INVALID_PARAM` naming the parameter and
/// the schema keyword; a missing required one names `#/required`; properties the schema does not
/// know pass (Misskey does not set `additionalProperties: false`); defaults fill what is absent.
struct FakeMisskeyParams: Sendable {
    /// The body as parsed, types kept exact (a number is never a boolean).
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]) {
        self.values = values
    }

    private func value(_ name: String, required: Bool, nullable: Bool, type: String) throws(FakeMisskeyError) -> JSONValue? {
        guard let value = values[name] else {
            if required { throw .missingParam(name) }
            return nil
        }
        if value == .null {
            if nullable { return nil }
            throw .invalidParam(name, keyword: "type", reason: "must be \(type)")
        }
        return value
    }

    func string(_ name: String, required: Bool = false, nullable: Bool = false, minLength: Int? = nil, maxLength: Int? = nil)
        throws(FakeMisskeyError) -> String?
    {
        guard let value = try value(name, required: required, nullable: nullable, type: "string") else { return nil }
        guard case .string(let string) = value else { throw .invalidParam(name, keyword: "type", reason: "must be string") }
        // Ajv counts code points (its `ucs2length`).
        let length = string.unicodeScalars.count
        if let minLength, length < minLength {
            throw .invalidParam(name, keyword: "minLength", reason: "must NOT have fewer than \(minLength) characters")
        }
        if let maxLength, length > maxLength {
            throw .invalidParam(name, keyword: "maxLength", reason: "must NOT have more than \(maxLength) characters")
        }
        return string
    }

    /// A `misskey:id`: a string of `[a-zA-Z0-9]+`.
    func id(_ name: String, required: Bool = false, nullable: Bool = false) throws(FakeMisskeyError) -> String? {
        guard let string = try string(name, required: required, nullable: nullable) else { return nil }
        guard MisskeyID.isValid(string) else {
            throw .invalidParam(name, keyword: "format", reason: "must match format \"misskey:id\"")
        }
        return string
    }

    func bool(_ name: String, default fallback: Bool) throws(FakeMisskeyError) -> Bool {
        guard let value = try value(name, required: false, nullable: false, type: "boolean") else { return fallback }
        guard case .bool(let bool) = value else { throw .invalidParam(name, keyword: "type", reason: "must be boolean") }
        return bool
    }

    func integer(_ name: String, minimum: Int, maximum: Int, default fallback: Int) throws(FakeMisskeyError) -> Int {
        guard let value = try value(name, required: false, nullable: false, type: "integer") else { return fallback }
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .unsigned(let unsigned): number = Double(unsigned)
        case .double(let double): number = double
        default: throw .invalidParam(name, keyword: "type", reason: "must be integer")
        }
        guard number.rounded() == number, abs(number) < 1e15 else {
            throw .invalidParam(name, keyword: "type", reason: "must be integer")
        }
        if number < Double(minimum) { throw .invalidParam(name, keyword: "minimum", reason: "must be >= \(minimum)") }
        if number > Double(maximum) { throw .invalidParam(name, keyword: "maximum", reason: "must be <= \(maximum)") }
        return Int(number)
    }

    /// A string from `allowed`.
    func oneOf(_ name: String, _ allowed: [String], default fallback: String?, nullable: Bool = false) throws(FakeMisskeyError) -> String? {
        guard let value = try value(name, required: false, nullable: nullable, type: "string") else { return values[name] == nil ? fallback : nil }
        guard case .string(let string) = value, allowed.contains(string) else {
            if case .string = value { throw .invalidParam(name, keyword: "enum", reason: "must be equal to one of the allowed values") }
            throw .invalidParam(name, keyword: "type", reason: "must be string")
        }
        return string
    }

    /// An array of strings, each from `allowed` when given.
    func strings(_ name: String, allowed: [String]? = nil, maxItems: Int? = nil) throws(FakeMisskeyError) -> [String]? {
        guard let value = try value(name, required: false, nullable: false, type: "array") else { return nil }
        guard case .array(let items) = value else { throw .invalidParam(name, keyword: "type", reason: "must be array") }
        if let maxItems, items.count > maxItems {
            throw .invalidParam(name, keyword: "maxItems", reason: "must NOT have more than \(maxItems) items")
        }
        return try items.map { item throws(FakeMisskeyError) -> String in
            guard case .string(let string) = item else { throw .invalidParam(name, keyword: "items/type", reason: "must be string") }
            if let allowed, !allowed.contains(string) {
                throw .invalidParam(name, keyword: "items/enum", reason: "must be equal to one of the allowed values")
            }
            return string
        }
    }

    /// Paging: `limit` (1-100, default 10), `sinceId`, `untilId`.
    func page() throws(FakeMisskeyError) -> FakeMisskeyPage {
        FakeMisskeyPage(
            limit: try integer("limit", minimum: 1, maximum: 100, default: 10), sinceId: try id("sinceId"), untilId: try id("untilId"))
    }
}

/// One page's bounds, and the order Misskey answers it in: `sinceId` alone ascending (oldest
/// first), anything else descending (`QueryService.makePaginationQuery`).
struct FakeMisskeyPage: Sendable {
    var limit: Int
    var sinceId: String?
    var untilId: String?

    /// The page of `items` (ids increasing as they were made) within the bounds.
    func select<Item>(_ items: [Item], id: (Item) -> String) -> [Item] {
        let inBounds = items.filter { item in
            let itemID = id(item)
            if let sinceId, !MisskeyID.isNewer(itemID, than: sinceId) { return false }
            if let untilId, !MisskeyID.isNewer(untilId, than: itemID) { return false }
            return true
        }
        // `MisskeyID.isNewer`'s order (the longer id, else the greater), each id's length counted once.
        let keyed: [(length: Int, id: String, item: Item)] = inBounds.map { item in
            let itemID = id(item)
            return (itemID.count, itemID, item)
        }
        let ascending = keyed.sorted { $0.length != $1.length ? $0.length < $1.length : $0.id < $1.id }.map(\.item)
        if sinceId != nil && untilId == nil { return Array(ascending.prefix(limit)) }
        return Array(ascending.reversed().prefix(limit))
    }
}
