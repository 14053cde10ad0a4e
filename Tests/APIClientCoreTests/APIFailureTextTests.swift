import APIClientCore
import Testing

@Suite("APIFailureText: the wording the networks' API errors share")
struct APIFailureTextTests {
    @Test("401, 429 and other failures name the endpoint; status 0 (no response) is not shown")
    func wording() {
        #expect(APIFailureText.unauthorized("GET /api/v1/timelines/home", "bad token") == "GET /api/v1/timelines/home: HTTP 401 unauthorized: bad token")
        #expect(APIFailureText.rateLimited("POST /api/notes/create", until: "2026-12-03T08:00:00Z") == "POST /api/notes/create: HTTP 429 rate limit spent until 2026-12-03T08:00:00Z")
        #expect(APIFailureText.failed("POST /2/tweets", status: 503, "over capacity") == "POST /2/tweets: HTTP 503: over capacity")
        #expect(APIFailureText.failed("POST /2/tweets", status: 0, "connection reset") == "POST /2/tweets: connection reset")
        #expect(APIFailureText.mayHaveTakenEffect("timed out") == "the request may have taken effect: timed out")
    }
}
