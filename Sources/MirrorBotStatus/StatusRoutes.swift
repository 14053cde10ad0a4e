import MirrorBot

/// What the status server answers, as a pure function of the method, the path
/// and a snapshot of the board: `/` (the page), `/healthz`, `/metrics`; GET and
/// HEAD only (others 405), any other path 404. Paths are matched exactly as
/// sent (no decoding), so `/../etc/passwd` or `/metrics%00` are simply unknown.
public struct StatusRoutes: Sendable {
    public let board: StatusBoard

    public init(board: StatusBoard) {
        self.board = board
    }

    public static let htmlType = "text/html; charset=utf-8"
    public static let textType = "text/plain; charset=utf-8"
    /// Inline styles and the inline SVG only: no script, nothing fetched, no form.
    static let pagePolicy = StatusResponse.Header(
        "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

    public func respond(method: String, path: String) -> StatusResponse {
        guard method == "GET" || method == "HEAD" else {
            return StatusResponse(
                status: 405, contentType: Self.textType, body: "method not allowed: this server is read-only (GET and HEAD)\n",
                extraHeaders: [StatusResponse.Header("Allow", "GET, HEAD")])
        }
        switch path {
        case "/":
            return StatusResponse(status: 200, contentType: Self.htmlType, body: StatusPage(board.snapshot()).render(), extraHeaders: [Self.pagePolicy])
        case "/healthz":
            let health = board.snapshot().health
            return StatusResponse(status: health.isHealthy ? 200 : 503, contentType: Self.textType, body: health.text)
        case "/metrics":
            return StatusResponse(status: 200, contentType: PrometheusText.contentType, body: PrometheusText.render(board.snapshot().metrics))
        default:
            return StatusResponse(status: 404, contentType: Self.textType, body: "not found: this server answers /, /healthz and /metrics\n")
        }
    }
}
