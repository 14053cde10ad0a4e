import HTTPExchange
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
    static let pagePolicy = HTTPReply.Header(
        "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

    /// On every answer: never cached, never sniffed as another type, never framed, no referrer.
    static let common = [
        HTTPReply.Header("Cache-Control", "no-store"),
        HTTPReply.Header("X-Content-Type-Options", "nosniff"),
        HTTPReply.Header("X-Frame-Options", "DENY"),
        HTTPReply.Header("Referrer-Policy", "no-referrer"),
    ]

    /// Content-Type first, then the common headers, then `extraHeaders`; the body in UTF-8.
    static func reply(status: Int, contentType: String, body: String, extraHeaders: [HTTPReply.Header] = []) -> HTTPReply {
        HTTPReply(status: status, headers: [HTTPReply.Header("Content-Type", contentType)] + common + extraHeaders, body: Array(body.utf8))
    }

    public func respond(method: String, path: String) -> HTTPReply {
        Self.respond(
            method: method, path: path, page: { StatusPage(board.snapshot()).render() },
            health: {
                let health = board.snapshot().health
                return (health.isHealthy, health.text)
            },
            metrics: { PrometheusText.render(board.snapshot().metrics) })
    }

    /// A read-only status server's answer (a bot's, a host's): `page` renders `/`, `health` says
    /// whether `/healthz` is 200 or 503 and its body, `metrics` renders `/metrics`.
    static func respond(
        method: String, path: String, page: () -> String, health: () -> (healthy: Bool, text: String), metrics: () -> String
    ) -> HTTPReply {
        guard method == "GET" || method == "HEAD" else {
            return reply(
                status: 405, contentType: textType, body: "method not allowed: this server is read-only (GET and HEAD)\n",
                extraHeaders: [HTTPReply.Header("Allow", "GET, HEAD")])
        }
        switch path {
        case "/":
            return reply(status: 200, contentType: htmlType, body: page(), extraHeaders: [pagePolicy])
        case "/healthz":
            let health = health()
            return reply(status: health.healthy ? 200 : 503, contentType: textType, body: health.text)
        case "/metrics":
            return reply(status: 200, contentType: PrometheusText.contentType, body: metrics())
        default:
            return reply(status: 404, contentType: textType, body: "not found: this server answers /, /healthz and /metrics\n")
        }
    }
}
