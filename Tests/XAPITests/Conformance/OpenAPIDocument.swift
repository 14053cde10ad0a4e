import Foundation

/// The small part of OpenAPI 3.0 and JSON Schema that checking requests against X's
/// published documents needs: `$ref` resolution, operations by method and path,
/// parameters, and validation of values and bodies (`type`, `enum`, `pattern`,
/// `minimum`/`maximum`, `minLength`, `minItems`/`maxItems`, `uniqueItems`,
/// `required`, `properties`, `allOf`/`oneOf`). Read at test time from `../shared/specs`.
struct OpenAPIDocument {
    typealias Object = [String: Any]

    let root: Object
    let version: String

    /// `../shared/specs` beside the repository (or `MIRROR_BOT_SPECS_DIR`).
    static var specsDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["MIRROR_BOT_SPECS_DIR"] { return URL(fileURLWithPath: dir) }
        // Tests/XAPITests/Conformance/OpenAPIDocument.swift -> repository root -> ../shared/specs
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/specs")
    }

    /// The document `x-openapi-<version>.json`, or nil when the file is absent.
    static func load(version: String) throws -> OpenAPIDocument? {
        let url = specsDirectory.appendingPathComponent("x-openapi-\(version).json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let root = object as? Object else { return nil }
        return OpenAPIDocument(root: root, version: version)
    }

    /// `node` with every top-level `$ref` followed.
    func resolve(_ node: Any?) -> Object {
        var current = node as? Object ?? [:]
        var hops = 0
        while let ref = current["$ref"] as? String, hops < 32 {
            var target: Any? = root
            for part in ref.dropFirst(2).split(separator: "/") { target = (target as? Object)?[String(part)] }
            var merged = target as? Object ?? [:]
            for (key, value) in current where key != "$ref" { merged[key] = value }
            current = merged
            hops += 1
        }
        return current
    }

    /// The operation for `method` on a concrete `path` (`/2/users/42/tweets`), with the path
    /// parameters it names (`id` = `42`), or nil when the document has no such operation.
    func operation(method: String, path: String) -> (template: String, operation: Object, pathParameters: [String: String])? {
        guard let paths = root["paths"] as? Object else { return nil }
        let parts = path.split(separator: "/").map(String.init)
        // Literal segments win over parameters (`/2/users/me` before `/2/users/{id}`).
        let templates = paths.sorted { $0.key.filter { $0 == "{" }.count < $1.key.filter { $0 == "{" }.count }
        for (template, item) in templates {
            let templateParts = template.split(separator: "/").map(String.init)
            guard templateParts.count == parts.count else { continue }
            var parameters: [String: String] = [:]
            var matches = true
            for (expected, actual) in zip(templateParts, parts) {
                if expected.hasPrefix("{") && expected.hasSuffix("}") {
                    parameters[String(expected.dropFirst().dropLast())] = actual
                } else if expected != actual {
                    matches = false
                    break
                }
            }
            guard matches, let operation = (item as? Object)?[method.lowercased()] as? Object else { continue }
            return (template, operation, parameters)
        }
        return nil
    }

    /// The operation's parameters by name, resolved, for `location` (`query`, `path`).
    func parameters(of operation: Object, in location: String) -> [String: Object] {
        var result: [String: Object] = [:]
        for entry in operation["parameters"] as? [Any] ?? [] {
            let parameter = resolve(entry)
            if parameter["in"] as? String == location, let name = parameter["name"] as? String { result[name] = parameter }
        }
        return result
    }

    /// The schema of the operation's JSON request body.
    func requestSchema(of operation: Object, contentType: String = "application/json") -> Object? {
        let body = resolve(operation["requestBody"])
        return ((body["content"] as? Object)?[contentType] as? Object).map { resolve($0["schema"]) }
    }

    /// The schema of the operation's JSON response with `status` (or `default`).
    func responseSchema(of operation: Object, status: String) -> Object? {
        let response = resolve((operation["responses"] as? Object)?[status])
        return ((response["content"] as? Object)?["application/json"] as? Object).map { resolve($0["schema"]) }
    }

    // MARK: - Values

    /// A query parameter's text checked against its schema (`style: form`, `explode: false`:
    /// an array is one comma-separated value). Returns the violations.
    func checkQueryValue(_ text: String, parameter: Object, at where_: String) -> [String] {
        let schema = resolve(parameter["schema"])
        if schema["type"] as? String == "array" {
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var problems: [String] = []
            if let min = schema["minItems"] as? Int, items.count < min { problems.append("\(where_): \(items.count) items, fewer than \(min)") }
            if schema["uniqueItems"] as? Bool == true, Set(items).count != items.count { problems.append("\(where_): repeated items") }
            for item in items { problems += check(item, against: resolve(schema["items"]), at: where_) }
            return problems
        }
        if schema["type"] as? String == "integer" {
            guard let number = Int(text) else { return ["\(where_): \(text) is not an integer"] }
            return check(number, against: schema, at: where_)
        }
        return check(text, against: schema, at: where_)
    }

    /// `value` (decoded JSON) checked against `schema`. Objects are closed: a property the
    /// schema does not declare is a violation, whatever `additionalProperties` says.
    func check(_ value: Any, against node: Any?, at where_: String) -> [String] {
        let schema = resolve(node)
        var problems: [String] = []
        if let all = schema["allOf"] as? [Any] {
            return check(value, against: merged(all.map { resolve($0) } + [schema.filter { $0.key != "allOf" }]), at: where_)
        }
        if let one = (schema["oneOf"] ?? schema["anyOf"]) as? [Any] {
            let failures = one.map { check(value, against: $0, at: where_) }
            if !failures.contains(where: \.isEmpty) { problems.append(failures.first?.first ?? "\(where_): matches no alternative") }
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { "\($0)" == "\(value)" }) {
            problems.append("\(where_): \(value) is not one of \(allowed.map { "\($0)" })")
        }
        switch schema["type"] as? String {
        case "string":
            guard let string = value as? String else { return problems + ["\(where_): \(value) is not a string"] }
            if let pattern = schema["pattern"] as? String, string.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(where_): \(string) does not match \(pattern)")
            }
            if let min = schema["minLength"] as? Int, string.count < min { problems.append("\(where_): shorter than \(min)") }
            if let max = schema["maxLength"] as? Int, string.count > max { problems.append("\(where_): longer than \(max)") }
        case "integer":
            guard let number = value as? Int else { return problems + ["\(where_): \(value) is not an integer"] }
            if let min = schema["minimum"] as? Int, number < min { problems.append("\(where_): \(number) is below the minimum \(min)") }
            if let max = schema["maximum"] as? Int, number > max { problems.append("\(where_): \(number) is above the maximum \(max)") }
        case "boolean":
            if !(value is Bool) { problems.append("\(where_): \(value) is not a boolean") }
        case "array":
            guard let items = value as? [Any] else { return problems + ["\(where_): not an array"] }
            for (index, item) in items.enumerated() { problems += check(item, against: schema["items"], at: "\(where_)[\(index)]") }
        case "object":
            guard let object = value as? Object else { return problems + ["\(where_): not an object"] }
            let properties = schema["properties"] as? Object ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(where_): required property \(name) missing")
            }
            // An opaque object (`{"type": "object"}`, no properties declared: 2.167's
            // `sensitive_media_warning`) takes any keys; every declared object is checked key by key.
            let opaque = schema["properties"] == nil && schema["additionalProperties"] == nil
            for (name, child) in object where !opaque {
                guard let declared = properties[name] else {
                    problems.append("\(where_): property \(name) is not declared")
                    continue
                }
                problems += check(child, against: declared, at: "\(where_).\(name)")
            }
        default:
            break
        }
        return problems
    }

    /// The schemas of `allOf` as one (properties and required lists joined).
    func merged(_ schemas: [Object]) -> Object {
        var result: Object = [:]
        var properties: Object = [:]
        var required: [String] = []
        for schema in schemas {
            let schema = schema["allOf"] != nil ? merged((schema["allOf"] as? [Any] ?? []).map { resolve($0) }) : schema
            for (key, value) in schema where key != "properties" && key != "required" { result[key] = value }
            for (key, value) in schema["properties"] as? Object ?? [:] { properties[key] = value }
            required += schema["required"] as? [String] ?? []
        }
        if !properties.isEmpty || result["type"] == nil { result["type"] = "object" }
        result["properties"] = properties
        result["required"] = required
        return result
    }

    // MARK: - Response shapes

    /// Whether the schema has the key path (`data[].referenced_posts[].type`): each name a
    /// declared property (through `$ref`, `allOf` and any `oneOf` alternative), `[]` an array's items.
    func hasPath(_ path: [String], in node: Any?) -> Bool {
        guard let head = path.first else { return true }
        let schema = resolve(node)
        if let all = schema["allOf"] as? [Any] { return hasPath(path, in: merged(all.map { resolve($0) })) }
        if let one = (schema["oneOf"] ?? schema["anyOf"]) as? [Any] { return one.contains { hasPath(path, in: $0) } }
        if head == "[]" { return schema["items"] != nil && hasPath(Array(path.dropFirst()), in: schema["items"]) }
        // A polymorphic schema (2.159's `Media`: `Photo`, `Video`, `AnimatedGif` by `type`): a key
        // the base or any of its kinds declares.
        if let mapping = (schema["discriminator"] as? Object)?["mapping"] as? Object, (schema["properties"] as? Object)?[head] == nil {
            return mapping.values.contains { reference in
                let kind = resolve(["$ref": reference])
                let parts = ((kind["allOf"] as? [Any]) ?? [kind]).map { resolve($0).filter { $0.key != "discriminator" } }
                return hasPath(path, in: merged(parts))
            }
        }
        guard let child = (schema["properties"] as? Object)?[head] else { return false }
        return hasPath(Array(path.dropFirst()), in: child)
    }

    /// Every key path of a JSON value (objects' keys, `[]` for array items), leaves and inner nodes.
    static func keyPaths(of value: Any, prefix: [String] = []) -> [[String]] {
        if let object = value as? Object {
            return object.flatMap { key, child in [prefix + [key]] + keyPaths(of: child, prefix: prefix + [key]) }
        }
        if let array = value as? [Any], let first = array.first {
            return keyPaths(of: first, prefix: prefix + ["[]"])
        }
        return []
    }
}
