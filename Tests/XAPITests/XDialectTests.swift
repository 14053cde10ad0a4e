import APIClientCore
import APIClientTestSupport
import Foundation
import Synchronization
import Testing
@testable import FakeX
@testable import XAPI

/// X's two dialects (documents 2.159 and 2.167): posts read in both shapes, refusals
/// read in both error shapes, and a client that learns its server's from the refusal.
@Suite("XClient speaks the dialect its server answers in")
struct XDialectTests {
    static func decode(_ json: String) throws -> XTweet {
        try JSONDecoder().decode(XTweet.self, from: Data(json.utf8))
    }

    @Test("each kind of post reads the same in both shapes", arguments: [
        (#"{"id":"5","text":"hi","author_id":"1","conversation_id":"5","edit_history_tweet_ids":["5"]}"#, XPostKind.original),
        (#"{"id":"5","text":"hi","author_id":"1","conversation_id":"5","edit_history_post_ids":["5"]}"#, .original),
        (#"{"id":"5","text":"@a yes","author_id":"1","conversation_id":"4","in_reply_to_user_id":"3","referenced_tweets":[{"type":"replied_to","id":"4"}]}"#, .reply),
        (#"{"id":"5","text":"@a yes","author_id":"1","conversation_id":"4","referenced_posts":[{"type":"replied_to","id":"4"}]}"#, .reply),
        (#"{"id":"5","text":"RT @a: x","author_id":"1","conversation_id":"5","referenced_tweets":[{"type":"retweeted","id":"4"}]}"#, .retweet),
        (#"{"id":"5","text":"RT @a: x","author_id":"1","conversation_id":"5","referenced_posts":[{"type":"retweeted","id":"4"}]}"#, .retweet),
        (#"{"id":"5","text":"look","author_id":"1","conversation_id":"5","referenced_tweets":[{"type":"quoted","id":"4"}]}"#, .quote),
        (#"{"id":"5","text":"look","author_id":"1","conversation_id":"5","referenced_posts":[{"type":"quoted","id":"4"}]}"#, .quote),
    ])
    func kinds(json: String, kind: XPostKind) throws {
        #expect(try Self.decode(json).kind == kind)
    }

    @Test("a post whose answer does not show its kind is unknown, never an original", arguments: [
        // Only the default fields: the fields that would mark a retweet or a reply were not given.
        #"{"id":"5","text":"hi","edit_history_post_ids":["5"]}"#,
        #"{"id":"5","text":"hi","edit_history_tweet_ids":["5"]}"#,
        // Fields given but no author (the expansions not honoured).
        #"{"id":"5","text":"hi","created_at":"2021-01-06T18:40:40.000Z","conversation_id":"5"}"#,
        // In someone else's conversation without a reply marker.
        #"{"id":"5","text":"hi","author_id":"1","conversation_id":"4"}"#,
        // A reference of a type nobody documented.
        #"{"id":"5","text":"hi","author_id":"1","conversation_id":"5","referenced_posts":[{"type":"echoed","id":"4"}]}"#,
    ])
    func unknown(json: String) throws {
        #expect(try Self.decode(json).kind == .unknown)
    }

    @Test("a retweet shows by its RT prefix even when nothing else marks it")
    func retweetByPrefix() throws {
        #expect(try Self.decode(#"{"id":"5","text":"RT @a: x","edit_history_post_ids":["5"]}"#).kind == .retweet)
    }

    @Test("refusals are read from 2.159's errors[] and 2.167's problem, in X's words")
    func refusalShapes() {
        let old = #"""
            {"errors":[{"parameters":{"tweet.fields":["created_at,author_id"]},"message":"The query parameter [tweet.fields] is not one of [id,max_results,pagination_token,post.fields,expansions]"}],
             "title":"Invalid Request","detail":"One or more parameters to your request was invalid.","type":"https://api.twitter.com/2/problems/invalid-request"}
            """#
        let body = Data(old.utf8)
        #expect(XDialect.errorDetail(of: body)
            == "One or more parameters to your request was invalid.: The query parameter [tweet.fields] is not one of [id,max_results,pagination_token,post.fields,expansions]")
        let refusals = (try? JSONDecoder().decode(XErrorBody.self, from: body))?.refusals ?? []
        #expect(refusals == [XParameterRefusal(parameter: "tweet.fields")])
        #expect(XFieldDialect.tweetFields.isRefused(by: refusals))
        #expect(!XFieldDialect.postFields.isRefused(by: refusals))

        let new = #"""
            {"type":"https://api.x.com/2/problems/invalid-request","title":"Invalid Request","status":400,
             "detail":"The `expansions` query parameter value [referenced_posts] is not one of [author_id,in_reply_to_user_id,referenced_tweets.id]",
             "parameter":"expansions","value":"referenced_posts"}
            """#
        let newRefusals = (try? JSONDecoder().decode(XErrorBody.self, from: Data(new.utf8)))?.refusals ?? []
        #expect(newRefusals == [XParameterRefusal(parameter: "expansions", values: ["referenced_posts"])])
        #expect(XFieldDialect.postFields.isRefused(by: newRefusals))
        #expect(!XFieldDialect.tweetFields.isRefused(by: newRefusals))
        // A refusal that merely lists the field parameter among the allowed ones is not about it.
        let sinceID = [XParameterRefusal.parse(message: "The query parameter [since_id] is not one of [max_results,tweet.fields]")].compactMap { $0 }
        #expect(!XFieldDialect.tweetFields.isRefused(by: sinceID))
    }

    @Test("starting in the wrong dialect, the client switches once on the server's refusal and reads every kind", arguments: XFieldDialect.allCases)
    func learnsDialect(server dialect: XFieldDialect) async throws {
        let fixture = try FakeXFixture(settings: FakeXSettings(dialect: dialect))
        defer { fixture.server.stop() }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let friends = fixture.server.addTweet(authorID: "3", text: "@human lunch?", createdAt: start)
        let original = fixture.server.addTweet(authorID: "1", text: "my own words", createdAt: start + 60)
        let reply = fixture.server.addTweet(authorID: "1", text: "@friend yes", createdAt: start + 120, inReplyToTweetID: friends)
        let retweet = fixture.server.addTweet(authorID: "1", text: "RT @friend: lunch?", createdAt: start + 180, retweetOf: friends)
        let switches = Mutex<[XDialectSwitch]>([])
        let memory = XDialectMemory(dialect.other) { change in switches.withLock { $0.append(change) } }
        let human = XClient(credentials: fixture.human, configuration: fixture.client().configuration, clock: fixture.clock, dialects: memory)
        let bot = XClient(credentials: fixture.bot, configuration: fixture.client().configuration, clock: fixture.clock, dialects: memory)

        let page = try await human.send(TweetListRequest(.userTweets, userID: "1"))
        let kinds = Dictionary(uniqueKeysWithValues: (page.data ?? []).map { ($0.id, $0.kind) })
        #expect(kinds == [original: .original, reply: .reply, retweet: .retweet])
        let mentions = try await bot.send(TweetListRequest(.mentions, userID: "1"))
        #expect(mentions.data?.map(\.id) == nil || mentions.data?.contains { $0.id == retweet } == false)
        _ = try await bot.send(TweetListRequest(.homeTimeline, userID: "2"))

        let seen = switches.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.from == dialect.other && seen.first?.to == dialect)
        #expect(seen.first?.detail.contains(dialect.other.fieldsParameter) == true, "\(seen)")
        #expect(memory.current == dialect)
        #expect(fixture.server.requests.filter { $0.status == 400 }.count == 1)
        #expect(fixture.server.requests.count == 4)
    }

    /// A request with a parameter X does not know.
    struct Bogus: XRequest {
        typealias Response = XTweetPage
        var method: String { "GET" }
        var path: String { "/2/users/1/mentions" }
        var pathTemplate: String { "/2/users/:id/mentions" }
        var query: [(name: String, value: String)] { [("max_results", "5"), ("bogus", "1")] }
    }

    @Test("a refusal's error carries the parameter and the allowed values, and no secret", arguments: XFieldDialect.allCases)
    func refusalInServersWords(dialect: XFieldDialect) async throws {
        let fixture = try FakeXFixture(settings: FakeXSettings(dialect: dialect))
        defer { fixture.server.stop() }
        let error = await #expect(throws: XAPIError.self) { try await fixture.client().send(Bogus()) }
        let text = "\(error.map { "\($0)" } ?? "")"
        #expect(text.hasPrefix("GET /2/users/:id/mentions: HTTP 400: "), "\(text)")
        #expect(text.contains("The query parameter [bogus] is not one of [id,since_id,until_id,max_results,pagination_token,start_time,end_time,\(dialect.fieldsParameter),"), "\(text)")
        for secret in [fixture.human.consumerSecret, fixture.human.accessTokenSecret, fixture.human.accessToken] {
            #expect(!text.contains(secret))
        }
        guard case .invalidRequest(_, let refusals, _)? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(refusals == [XParameterRefusal(parameter: "bogus")])
    }
}

@Suite("XClient learns the dialect from an answer in the other one's names")
struct XDialectAnswerTests {
    @Test("a page that ignored the field parameter and came in 2.167's names switches once and is asked again")
    func lenientServer() async throws {
        let ignored = #"{"data":[{"id":"5","text":"RT @a: hi","edit_history_post_ids":["5"]},{"id":"6","text":"@a yes","edit_history_post_ids":["6"]}],"meta":{"result_count":2}}"#
        let proper = #"""
            {"data":[{"id":"6","text":"@a yes","author_id":"1","conversation_id":"4","in_reply_to_user_id":"3","referenced_posts":[{"type":"replied_to","id":"4"}],"edit_history_post_ids":["6"]}],
             "meta":{"result_count":1}}
            """#
        let transport = ScriptedTransport([.json(200, ignored), .json(200, proper)])
        let switches = Mutex<[XDialectSwitch]>([])
        let memory = XDialectMemory(.tweetFields) { change in switches.withLock { $0.append(change) } }
        let credentials = OAuthCredentials(consumerKey: "ck", consumerSecret: "cs", accessToken: "1-t", accessTokenSecret: "ts")
        let client = XClient(credentials: credentials, transport: transport, dialects: memory)
        let page = try await client.send(TweetListRequest(.userTweets, userID: "1"))
        #expect(page.data?.map(\.kind) == [.reply])
        #expect(memory.current == .postFields)
        let seen = switches.withLock { $0 }
        #expect(seen.count == 1 && seen.first?.detail.contains("edit_history_post_ids") == true, "\(seen)")
        let queries = transport.requests.map { $0.url?.query ?? "" }
        #expect(queries.count == 2)
        #expect(queries.first?.contains("tweet.fields=") == true && queries.last?.contains("post.fields=") == true, "\(queries)")
    }
}
