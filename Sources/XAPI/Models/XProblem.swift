/// X's problem JSON (`{title, detail, type, status}`), also used for the
/// entries of `errors[]` (which may carry only `message`).
public struct XProblem: Sendable, Codable, Equatable {
    public var title: String?
    public var detail: String?
    public var type: String?
    public var status: Int?
    public var message: String?

    public init(
        title: String? = nil, detail: String? = nil, type: String? = nil, status: Int? = nil,
        message: String? = nil
    ) {
        self.title = title
        self.detail = detail
        self.type = type
        self.status = status
        self.message = message
    }

    /// The most specific human-readable text: detail, message, or title.
    public var summary: String? { detail ?? message ?? title }
}

/// An error body: a problem, possibly with `errors[]`.
struct XErrorBody: Decodable {
    var title: String?
    var detail: String?
    var type: String?
    var errors: [XProblem]?

    var summary: String? {
        detail ?? errors?.compactMap(\.summary).first ?? title
    }
}
