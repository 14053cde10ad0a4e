import HTTPExchange
import MirrorBot

/// What a host's status server answers, as `StatusRoutes` does for one bot: `/` (the page of
/// every bot), `/healthz` (the host's registry rounds), `/metrics`; GET and HEAD only.
public struct HostRoutes: Sendable {
    public let board: HostBoard

    public init(board: HostBoard) {
        self.board = board
    }

    public func respond(method: String, path: String) -> HTTPReply {
        guard method == "GET" || method == "HEAD" else {
            return StatusRoutes.reply(
                status: 405, contentType: StatusRoutes.textType, body: "method not allowed: this server is read-only (GET and HEAD)\n",
                extraHeaders: [HTTPReply.Header("Allow", "GET, HEAD")])
        }
        switch path {
        case "/":
            return StatusRoutes.reply(
                status: 200, contentType: StatusRoutes.htmlType, body: HostPage(board.snapshot()).render(), extraHeaders: [StatusRoutes.pagePolicy])
        case "/healthz":
            let health = board.health()
            return StatusRoutes.reply(status: health.isHealthy ? 200 : 503, contentType: StatusRoutes.textType, body: health.text)
        case "/metrics":
            return StatusRoutes.reply(
                status: 200, contentType: PrometheusText.contentType, body: PrometheusText.render(HostMetrics.registry(board.snapshot())))
        default:
            return StatusRoutes.reply(status: 404, contentType: StatusRoutes.textType, body: "not found: this server answers /, /healthz and /metrics\n")
        }
    }
}
