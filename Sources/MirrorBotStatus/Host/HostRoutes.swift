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
        StatusRoutes.respond(
            method: method, path: path, page: { HostPage(board.snapshot()).render() },
            health: {
                let health = board.health()
                return (health.isHealthy, health.text)
            },
            metrics: { PrometheusText.render(HostMetrics.registry(board.snapshot())) })
    }
}
