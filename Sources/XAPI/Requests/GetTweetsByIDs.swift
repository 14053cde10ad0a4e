/// `GET /2/tweets?ids=`: up to 100 posts by id. A post that does not exist (deleted,
/// or never was) is not an HTTP 404: the 200 leaves it out of `data` and names it in
/// `errors[]` as a `resource-not-found` problem (`resource_id`, `value`).
public struct GetTweetsByIDs: XLookupByIDs {
    public typealias Response = XTweetPage
    public static let resource = "tweets"
    public var ids: [String]

    public init(ids: [String]) { self.ids = ids }

    /// The ids `response` says are missing: `resource-not-found` entries for a post (by
    /// `resource_id`, else `value`) among `ids`. An id neither in `data` nor named missing
    /// (an authorization problem, a partial answer) is not counted missing.
    public static func missing(in response: XTweetPage, among ids: [String]) -> Set<String> {
        let asked = Set(ids)
        let found = Set((response.data ?? []).map(\.id))
        var missing = Set<String>()
        for problem in response.errors ?? [] {
            guard problem.type?.hasSuffix("/problems/resource-not-found") == true,
                problem.resourceType.map({ ["tweet", "post"].contains($0) }) ?? true,
                let id = problem.resourceID ?? problem.value, asked.contains(id), !found.contains(id)
            else { continue }
            missing.insert(id)
        }
        return missing
    }
}
