import CoreTestSupport
import Foundation
import HTTPExchange
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

@Suite("Status routes: read-only, three paths")
struct StatusRoutesTests {
    let world = StatusWorld()
    var routes: StatusRoutes { StatusRoutes(board: world.board) }

    @Test("writes are refused with 405 and the methods allowed", arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
    func writesRefused(method: String) {
        for path in ["/", "/healthz", "/metrics", "/nowhere"] {
            let response = routes.respond(method: method, path: path)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test("unknown paths, traversals and escapes are 404", arguments: [
        "/../../etc/passwd", "/metrics%00", "/%2e%2e/etc/passwd", "/healthz/", "/index.html", "//metrics", "/METRICS", "",
    ])
    func unknownPaths(path: String) {
        #expect(routes.respond(method: "GET", path: path).status == 404)
    }

    @Test("/healthz is 200 ok while healthy, 503 with the reasons otherwise")
    func healthz() {
        world.started()
        let ok = routes.respond(method: "GET", path: "/healthz")
        #expect(ok.status == 200 && ok.text == "ok\n")
        world.board.roundFailed("replies", error: NetworkError.rateLimited(endpoint: "GET /2/users/:id/mentions", resetAt: Date(timeIntervalSince1970: 0)))
        let bad = routes.respond(method: "HEAD", path: "/healthz")
        #expect(bad.status == 503)
        #expect(bad.text == "replies: round failed: GET /2/users/:id/mentions: rate limit spent until 0\n")
    }

    @Test("content types: HTML with a policy that allows no script, Prometheus text 0.0.4, plain text; never cached")
    func headers() {
        let page = routes.respond(method: "GET", path: "/")
        #expect(page.header("content-type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(page.header("Content-Security-Policy")?.contains("script") == false)
        #expect(routes.respond(method: "GET", path: "/metrics").header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        for path in ["/", "/metrics", "/healthz", "/x"] {
            #expect(routes.respond(method: "GET", path: path).header("Cache-Control") == "no-store")
            #expect(routes.respond(method: "GET", path: path).header("X-Content-Type-Options") == "nosniff")
        }
    }
}

extension HTTPReply {
    /// The body read as UTF-8.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The first header of that name, in any case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
