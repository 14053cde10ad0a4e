import Foundation
@testable import LogLines
@testable import MirrorBot
import Synchronization
import Testing

final class LineCollector: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

@Suite("Logger and Redactor")
struct LoggerTests {
    @Test("one event a line: timestamp, level, event and quoted key=value fields")
    func lineFormat() {
        let collector = LineCollector()
        let log = Logger(clock: { Date(timeIntervalSince1970: 0) }, sink: collector.append)
        log.with(["loop": "posting"]).info("posted", ["slot": "07:40", "text": "おはよう 世界\n2行目"])
        #expect(collector.lines == [
            #"1970-01-01T00:00:00Z level=info event=posted loop=posting slot=07:40 text="おはよう 世界\n2行目""#,
        ])
    }

    @Test("debug lines are dropped at the default level")
    func levels() {
        let collector = LineCollector()
        let log = Logger(sink: collector.append)
        log.debug("noise")
        log.warning("kept")
        #expect(collector.lines.count == 1)
        #expect(collector.lines[0].contains("level=warning event=kept"))
    }

    @Test(
        "secrets are redacted from URLs, OAuth headers, bearer tokens and known values",
        arguments: [
            ("url=postgres://bot:s3cr3t@db:5432/x", "s3cr3t"),
            ("redis://:hunter22@cache:6379/0", "hunter22"),
            (#"Authorization: OAuth oauth_consumer_key="ck999", oauth_token="tok-777", oauth_signature="sig%3D""#, "tok-777"),
            ("Authorization: Bearer abc.DEF-123", "abc.DEF-123"),
            ("the token is KNOWN-SECRET-VALUE here", "KNOWN-SECRET-VALUE"),
        ]
    )
    func redaction(text: String, secret: String) {
        let collector = LineCollector()
        let log = Logger(redactor: Redactor(secrets: ["KNOWN-SECRET-VALUE"]), sink: collector.append)
        log.error("failed", ["detail": text])
        #expect(collector.lines.count == 1)
        #expect(!collector.lines[0].contains(secret))
        #expect(collector.lines[0].contains("***"))
    }
}

@Suite("Redactor patterns")
struct RedactorPatternTests {
    @Test("every pattern compiles, so no line is withheld or let through unredacted")
    func compiled() {
        #expect(Redactor.patternsCompiled)
        #expect(Redactor().redact("postgres://bot:hunter22@db/x Bearer abc.def") == "postgres://bot:***@db/x Bearer ***")
    }
}

@Suite("Redactor and session tokens")
struct RedactorJWTTests {
    @Test("JSON Web Tokens (Bluesky's session tokens) are masked wherever they appear")
    func jwts() {
        let token = "eyJ0eXAiOiJhdCtqd3QifQ.eyJzdWIiOiJkaWQ6cGxjOmFiYyJ9.c2lnbmF0dXJl"
        #expect(Redactor().redact("refresh failed for \(token) (expired)") == "refresh failed for *** (expired)")
        #expect(Redactor().redact("a plain eyJ word stays") == "a plain eyJ word stays")
    }
}
