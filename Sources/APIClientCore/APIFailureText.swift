/// The wording the networks' API errors share: a line that names the endpoint
/// (`POST /2/tweets`) and never a secret.
public enum APIFailureText {
    /// 401: the credentials were rejected.
    public static func unauthorized(_ endpoint: String, _ detail: String) -> String {
        "\(endpoint): HTTP 401 unauthorized: \(detail)"
    }

    /// 429: the limit is spent until `resetAt`, in the network's own time format.
    public static func rateLimited(_ endpoint: String, until resetAt: String) -> String {
        "\(endpoint): HTTP 429 rate limit spent until \(resetAt)"
    }

    /// Any other failure: the HTTP status (0 when no response came, then not shown) and detail.
    public static func failed(_ endpoint: String, status: Int, _ detail: String) -> String {
        status == 0 ? "\(endpoint): \(detail)" : "\(endpoint): HTTP \(status): \(detail)"
    }

    /// What a write without a clear answer says before its detail.
    public static func mayHaveTakenEffect(_ detail: String) -> String {
        "the request may have taken effect: \(detail)"
    }
}
