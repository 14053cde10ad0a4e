import CoreTestSupport
import Foundation
@testable import MirrorBot
@testable import MirrorBotStatus
import Testing

@Suite("/metrics in the Prometheus text format 0.0.4")
struct PrometheusTextTests {
    @Test("a family: HELP and TYPE once, then its series with labels sorted by name")
    func family() {
        var registry = MetricsRegistry()
        registry.declare("mirror_bot_failed_rounds_total", .counter, help: "Loop rounds that failed.", initial: [["loop": "posting"]])
        registry.add("mirror_bot_failed_rounds_total", ["loop": "likes"], 2)
        registry.declare("mirror_bot_like_share_ratio", .gauge, help: "Share.")
        registry.set("mirror_bot_like_share_ratio", ["b": "2", "a": "1"], to: 0.25)
        #expect(PrometheusText.render(registry) == """
            # HELP mirror_bot_failed_rounds_total Loop rounds that failed.
            # TYPE mirror_bot_failed_rounds_total counter
            mirror_bot_failed_rounds_total{loop="likes"} 2
            mirror_bot_failed_rounds_total{loop="posting"} 0
            # HELP mirror_bot_like_share_ratio Share.
            # TYPE mirror_bot_like_share_ratio gauge
            mirror_bot_like_share_ratio{a="1",b="2"} 0.25

            """)
    }

    @Test("label values escape backslash, quote and line feed; help escapes backslash and line feed", arguments: [
        ("a\\b", #"a\\b"#), ("say \"hi\"", #"say \"hi\""#), ("two\nlines", #"two\nlines"#), ("ラーメン", "ラーメン"),
    ])
    func escapes(raw: String, escaped: String) throws {
        #expect(PrometheusText.escapeLabel(raw) == escaped)
        var registry = MetricsRegistry()
        registry.declare("x_total", .counter, help: "back\\slash\nnewline")
        registry.add("x_total", ["v": raw])
        let families = try PrometheusExposition.parse(PrometheusText.render(registry))
        #expect(families.value("x_total", ["v": raw]) == 1)
        #expect(families.first?.help == "back\\slash\nnewline")
    }

    @Test("numbers: whole ones without a fraction, others in their shortest form, NaN and infinities as Prometheus spells them", arguments: [
        (12.0, "12"), (0.0, "0"), (0.25, "0.25"), (1_796_115_106, "1796115106"), (.nan, "NaN"), (.infinity, "+Inf"), (-.infinity, "-Inf"),
        (1e-05, "1e-05"),
    ])
    func numbers(value: Double, text: String) {
        #expect(PrometheusText.format(value) == text)
    }

    @Test("the board's /metrics passes the strict parser, and follows the naming conventions")
    func boardMetricsParse() throws {
        let world = StatusWorld()
        world.started()
        world.board.setThreshold(3, source: "FAVORITE_RATE_THRESHOLD")
        world.publishPlan([("21:00", .planned)])
        world.log("likes").report(StatusWorld.like("7", author: "@foodie", ratio: 14.741, .liked))
        world.board.countRequest(account: "bot", endpoint: "like", outcome: "ok", rateLimited: false)
        world.board.countRequest(account: "bot", endpoint: "mentions", outcome: "rate_limited", rateLimited: true)
        let text = PrometheusText.render(world.snapshot.metrics)
        let families = try PrometheusExposition.parse(text)
        for family in families {
            #expect(family.name.hasPrefix("mirror_bot_"), "\(family.name)")
            #expect(family.help?.isEmpty == false, "\(family.name) has no HELP")
            #expect((family.type == "counter") == family.name.hasSuffix("_total"), "\(family.name): counters and only counters end in _total")
            for sample in family.samples {
                // Labels are dimensions with few values: never an id or a user name.
                #expect(Set(sample.labels.keys).isSubset(of: ["loop", "reason", "account", "endpoint", "status", "category", "state"]), "\(sample)")
            }
        }
        #expect(families.value(StatusMetrics.likes) == 1)
        #expect(families.value(StatusMetrics.rateLimitWaits, ["account": "bot", "endpoint": "mentions"]) == 1)
        #expect(families.value(StatusMetrics.requests, ["account": "bot", "endpoint": "like", "status": "ok"]) == 1)
        #expect(families.value(StatusMetrics.healthy) == 1)
        #expect(!text.contains("@foodie"))
    }
}

@Suite("The strict exposition parser used by the tests")
struct PrometheusExpositionTests {
    @Test("refuses what the format does not allow", arguments: [
        "x 1",  // no final line feed
        "x{a=\"1\"} 1\nx{a=\"1\"} 2\n",  // a series twice
        "# TYPE x counter\nx 1\n# TYPE x counter\n",  // a second TYPE
        "x 1\n# TYPE x gauge\n",  // TYPE after samples
        "x 1\ny 1\nx{a=\"2\"} 1\n",  // x not in one group
        "x{a=\"\\t\"} 1\n",  // invalid escape
        "x{a=\"1\",a=\"2\"} 1\n",  // a label twice
        "x{__a=\"1\"} 1\n",  // reserved label name
        "x{1a=\"1\"} 1\n",  // invalid label name
        "x 1.2.3\n",  // invalid value
        "x 0x10\n",  // hexadecimal is not Prometheus' float syntax
        "# TYPE x counter\nx -1\n",  // a counter below zero
        "# TYPE x histogramm\n",  // unknown type
        "x{a=\"1\" 1\n",  // unterminated labels
        "x  \n",  // no value
        "1x 1\n",  // invalid metric name
    ])
    func refuses(text: String) {
        #expect(throws: PrometheusExposition.Violation.self) { try PrometheusExposition.parse(text) }
    }

    @Test("reads a valid text: comments, blank lines, timestamps, special values")
    func reads() throws {
        let families = try PrometheusExposition.parse("""
            # a comment
            # HELP x_total Things.
            # TYPE x_total counter
            x_total{a="1",} 3 1700000000000

            y NaN
            z +Inf

            """)
        #expect(families.value("x_total", ["a": "1"]) == 3)
        #expect(families.first { $0.name == "y" }?.samples.first?.value.isNaN == true)
        #expect(families.value("z") == .infinity)
    }
}
