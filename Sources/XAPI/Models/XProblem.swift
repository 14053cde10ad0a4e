import Foundation

/// X's problem JSON (`{title, detail, type, status}`), also used for the
/// entries of `errors[]` (which may carry only `message`). Document 2.159's invalid
/// requests name the refused `parameters` in each entry; 2.167's name `parameter`
/// and `value` on the problem itself.
public struct XProblem: Sendable, Codable, Equatable {
    public var title: String?
    public var detail: String?
    public var type: String?
    public var status: Int?
    public var message: String?
    /// 2.159: the refused parameters and the values sent (`{"expansions": ["referenced_posts"]}`).
    public var parameters: [String: [String]]?
    /// 2.167: the refused parameter and its value.
    public var parameter: String?
    public var value: String?
    /// A missing resource's id and kind (`resource-not-found` entries: `"tweet"`, `"post"`, `"user"`).
    public var resourceID: String?
    public var resourceType: String?

    enum CodingKeys: String, CodingKey {
        case title, detail, type, status, message, parameters, parameter, value
        case resourceID = "resource_id"
        case resourceType = "resource_type"
    }

    public init(
        title: String? = nil, detail: String? = nil, type: String? = nil, status: Int? = nil,
        message: String? = nil, parameters: [String: [String]]? = nil, parameter: String? = nil, value: String? = nil,
        resourceID: String? = nil, resourceType: String? = nil
    ) {
        self.resourceID = resourceID
        self.resourceType = resourceType
        self.title = title
        self.detail = detail
        self.type = type
        self.status = status
        self.message = message
        self.parameters = parameters
        self.parameter = parameter
        self.value = value
    }

    /// The most specific human-readable text: detail, message, or title.
    public var summary: String? { detail ?? message ?? title }

    /// The refusals this entry states: its message's sentence first (it tells an unknown
    /// parameter from a refused value), else its `parameters`, else `parameter`/`value`.
    public var refusals: [XParameterRefusal] {
        for text in [message, detail].compactMap({ $0 }) {
            if let parsed = XParameterRefusal.parse(message: text) { return [parsed] }
        }
        if let parameters, !parameters.isEmpty {
            return parameters.keys.sorted().map { XParameterRefusal(parameter: $0, values: parameters[$0] ?? []) }
        }
        if let parameter { return [XParameterRefusal(parameter: parameter, values: value.map { [$0] } ?? [])] }
        return []
    }
}

/// An error body: a problem, possibly with `errors[]`.
struct XErrorBody: Decodable {
    var title: String?
    var detail: String?
    var type: String?
    var parameter: String?
    var value: String?
    var errors: [XProblem]?

    /// What a person needs to act: the detail and, when `errors[]` says more, each of
    /// its messages (the refused parameter and the allowed values, in X's words).
    var summary: String? {
        let messages = (errors ?? []).compactMap(\.summary).filter { $0 != detail }
        guard let detail else { return messages.first ?? title }
        return messages.isEmpty ? detail : detail + ": " + messages.joined(separator: "; ")
    }

    /// Every refused query parameter the body names.
    var refusals: [XParameterRefusal] {
        let own = XProblem(detail: detail, parameter: parameter, value: value).refusals
        return own + (errors ?? []).flatMap(\.refusals)
    }
}
