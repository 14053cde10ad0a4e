import APIClientCore
import APIClientTestSupport
import FakeHTTP
import Foundation
import Testing
@testable import FakeX
@testable import XAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every request the X client builds, checked against the OpenAPI document of the
/// dialect it speaks (`../shared/specs/x-openapi-2.159.json` and `-2.167.json`), and
/// every response shape it decodes against the response schemas. Rerun with
/// `swift test --filter XConformanceTests`; it prints how many requests it checked.
@Suite("The X client against X's published OpenAPI documents")
struct XConformanceTests {
    /// The documents, or nil (with one visible line) when `../shared/specs` is absent.
    static func document(_ dialect: XFieldDialect) throws -> OpenAPIDocument? {
        guard let document = try OpenAPIDocument.load(version: dialect.documentVersion) else {
            print("XConformanceTests: x-openapi-\(dialect.documentVersion).json not found in \(OpenAPIDocument.specsDirectory.path): conformance not checked")
            return nil
        }
        return document
    }

    /// What the client puts on the wire, captured by a transport that answers `{}`.
    static func wireRequests(_ dialect: XFieldDialect) async throws -> [URLRequest] {
        var sends: [@Sendable (XClient) async throws -> Void] = []
        let sinceIDs: [String?] = [nil, "1346889436626259968"]
        let tokens: [String?] = [nil, "7140dibdnow9c7btw3w29grvxfcgvpb9n9coehpk7xz5i"]
        for timeline in TweetTimeline.allCases {
            for sinceID in sinceIDs {
                for token in tokens {
                    for maxResults in [1, 5, 20, 100, 3200] {
                        let request = TweetListRequest(
                            timeline, userID: "2244994945", sinceID: sinceID, maxResults: maxResults, paginationToken: token)
                        sends.append { _ = try await $0.send(request) }
                    }
                }
            }
        }
        sends.append { _ = try await $0.send(GetMe()) }
        sends.append { _ = try await $0.send(CreateTweet(text: "Hello &amp; good night 🌙")) }
        sends.append { _ = try await $0.send(CreateTweet(text: "@friend thanks", inReplyToTweetID: "1346889436626259968")) }
        sends.append { _ = try await $0.send(LikeTweet(userID: "2244994945", tweetID: "1346889436626259968")) }
        sends.append { _ = try await $0.send(GetTweetsByIDs(ids: ["1346889436626259968", "20", "1460323737035677698"])) }
        // Pictures (issue 40): an upload, its alt text and warning, a post attaching uploads in order.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1])
        sends.append { _ = try await $0.send(UploadXMedia(data: png, contentType: "image/png", filename: "sun.png")) }
        sends.append { _ = try await $0.send(CreateXMediaMetadata(mediaID: "1146654567674912769", altText: "A red sun", sensitive: true)) }
        sends.append { _ = try await $0.send(CreateXMediaMetadata(mediaID: "1146654567674912769", altText: "Only alt text", sensitive: false)) }
        sends.append { _ = try await $0.send(CreateTweet(text: "", mediaIDs: ["1146654567674912769", "1146654567674912770"])) }
        let transport = ScriptedTransport(Array(repeating: .json(200, "{}"), count: sends.count))
        let credentials = OAuthCredentials(consumerKey: "ck", consumerSecret: "cs", accessToken: "1-t", accessTokenSecret: "ts")
        let client = XClient(credentials: credentials, transport: transport, dialects: XDialectMemory(dialect))
        for send in sends { try await send(client) }
        return transport.requests
    }

    /// The violations of one request against `document`.
    static func violations(of request: URLRequest, in document: OpenAPIDocument) -> [String] {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return ["no URL"] }
        let method = request.httpMethod ?? "GET"
        let name = "\(method) \(components.path)"
        guard let (template, operation, pathValues) = document.operation(method: method, path: components.percentEncodedPath) else {
            return ["\(name): no such operation in \(document.version)"]
        }
        var problems: [String] = []
        let pathParameters = document.parameters(of: operation, in: "path")
        for (parameter, value) in pathValues {
            guard let declared = pathParameters[parameter] else {
                problems.append("\(method) \(template): path parameter \(parameter) not declared")
                continue
            }
            problems += document.checkQueryValue(value, parameter: declared, at: "\(method) \(template) {\(parameter)}")
        }
        let queryParameters = document.parameters(of: operation, in: "query")
        for item in components.queryItems ?? [] {
            guard let declared = queryParameters[item.name] else {
                problems.append("\(method) \(template): query parameter \(item.name) is not declared (declared: \(queryParameters.keys.sorted()))")
                continue
            }
            problems += document.checkQueryValue(item.value ?? "", parameter: declared, at: "\(method) \(template) \(item.name)")
        }
        let requestSchema = document.requestSchema(of: operation)
        if let body = request.httpBody, let type = request.value(forHTTPHeaderField: "Content-Type"), type.hasPrefix("multipart/form-data") {
            // A multipart body: its parts by name, each a string (the file's bytes `format: binary`).
            guard let schema = document.requestSchema(of: operation, contentType: "multipart/form-data"),
                let form = MultipartForm(contentType: type, body: body)
            else { return problems + ["\(method) \(template): a multipart body the operation does not take, or not well formed"] }
            var fields: [String: Any] = [:]
            for part in form.parts { fields[part.name] = part.filename == nil ? String(decoding: part.data, as: UTF8.self) : "<binary>" }
            return problems + document.check(fields, against: schema, at: "\(method) \(template) multipart body")
        }
        if let body = request.httpBody {
            if let schema = requestSchema, let json = try? JSONSerialization.jsonObject(with: body) {
                problems += document.check(json, against: schema, at: "\(method) \(template) body")
            } else {
                problems.append("\(method) \(template): a body the operation does not take, or not JSON")
            }
        } else if requestSchema != nil, (document.resolve(operation["requestBody"])["required"] as? Bool) == true {
            problems.append("\(method) \(template): the required body is missing")
        }
        return problems
    }

    @Test("every request the client builds is declared by its dialect's document, parameters, values and bodies", arguments: XFieldDialect.allCases)
    func requests(dialect: XFieldDialect) async throws {
        guard let document = try Self.document(dialect) else { return }
        let requests = try await Self.wireRequests(dialect)
        let problems = requests.flatMap { Self.violations(of: $0, in: document) }
        print("XConformanceTests: \(requests.count) requests checked against x-openapi-\(document.version).json (\(dialect.rawValue)): \(problems.count) violations")
        let expected: Int = TweetTimeline.allCases.count * 20 + 9
        #expect(requests.count == expected)
        #expect(problems.isEmpty, "\(Set(problems).sorted().prefix(20).joined(separator: "\n"))")
    }

    @Test("a changed parameter name or enum value is caught")
    func catchesChanges() throws {
        guard let document = try Self.document(.postFields) else { return }
        var request = URLRequest(url: URL(string: "https://api.x.com/2/users/42/mentions?max_results=5&tweet.fields=created_at&expansions=referenced_tweets.id")!)
        request.httpMethod = "GET"
        let problems = Self.violations(of: request, in: document)
        #expect(problems.contains { $0.contains("tweet.fields is not declared") }, "\(problems)")
        #expect(problems.contains { $0.contains("referenced_tweets.id is not one of") }, "\(problems)")
        var tooMany = URLRequest(url: URL(string: "https://api.x.com/2/users/42/mentions?max_results=101")!)
        tooMany.httpMethod = "GET"
        #expect(Self.violations(of: tooMany, in: document).contains { $0.contains("above the maximum 100") })
        var like = URLRequest(url: URL(string: "https://api.x.com/2/users/42/likes")!)
        like.httpMethod = "POST"
        like.httpBody = Data(#"{"post_id":"1"}"#.utf8)
        let likeProblems = Self.violations(of: like, in: document)
        #expect(likeProblems.contains { $0.contains("required property tweet_id missing") } && likeProblems.contains { $0.contains("post_id is not declared") })
    }

    /// Keys that belong to one dialect only: each is checked against its own document.
    static func otherDialectKeys(_ dialect: XFieldDialect) -> Set<String> {
        dialect == .tweetFields
            ? ["referenced_posts", "edit_history_post_ids", "posts"] : ["referenced_tweets", "edit_history_tweet_ids", "tweets"]
    }

    /// Every key path of a fully populated value (every optional set): what the client decodes.
    static func decodedPaths(_ value: some Encodable, dialect: XFieldDialect) throws -> [[String]] {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
        return OpenAPIDocument.keyPaths(of: json).filter { Set($0).isDisjoint(with: otherDialectKeys(dialect)) }
    }

    static let fullTweet = XTweet(
        id: "1", text: "t", createdAt: "2021-01-06T18:40:40.000Z", authorID: "2", inReplyToUserID: "3", conversationID: "1",
        referencedTweets: [.init(type: "replied_to", id: "0")], referencedPosts: [.init(type: "replied_to", id: "0")],
        editHistoryTweetIDs: ["1"], editHistoryPostIDs: ["1"], attachments: .init(mediaKeys: ["3_1"]))
    static let fullUser = XUser(id: "2", username: "u", name: "n")
    static let fullMedia = XMedia(
        mediaKey: "3_1", type: "photo", url: "https://pbs.twimg.com/media/a.jpg", altText: "a", width: 1, height: 1,
        variants: [.init(bitRate: 1, contentType: "video/mp4", url: "https://video.twimg.com/a.mp4")])
    static let fullPage = XTweetPage(
        data: [fullTweet], includes: .init(users: [fullUser], tweets: [fullTweet], posts: [fullTweet], media: [fullMedia]),
        meta: XMeta(resultCount: 1, newestID: "1", oldestID: "1", nextToken: "n", previousToken: "p"), errors: [XProblem(title: "t", detail: "d", type: "about:blank", status: 404)])

    @Test("every response shape the client decodes exists in its dialect's response schemas", arguments: XFieldDialect.allCases)
    func responses(dialect: XFieldDialect) throws {
        guard let document = try Self.document(dialect) else { return }
        // Liked posts have no newest/oldest id: decoded when present, never relied on.
        let likedOptional: Set<[String]> = [["meta", "newest_id"], ["meta", "oldest_id"]]
        var checked = 0
        var missing: [String] = []
        func expect(_ paths: [[String]], method: String, path: String, status: String, except: Set<[String]> = []) {
            guard let operation = document.operation(method: method, path: path)?.operation,
                let schema = document.responseSchema(of: operation, status: status)
            else { return missing.append("\(method) \(path): no \(status) response schema") }
            for keyPath in paths where !except.contains(keyPath) {
                checked += 1
                if !document.hasPath(keyPath, in: schema) { missing.append("\(method) \(path) \(status): \(keyPath.joined(separator: "."))") }
            }
        }
        let pagePaths = try Self.decodedPaths(Self.fullPage, dialect: dialect)
        // errors[] entries are problems: their title/detail/type/status are read there.
        let listPaths = pagePaths.filter { !($0.first == "errors" && $0.count > 2) }
        for timeline in TweetTimeline.allCases {
            expect(listPaths, method: "GET", path: timeline.path(userID: "42"), status: "200", except: timeline == .likedTweets ? likedOptional : [])
        }
        expect(try Self.decodedPaths(XResponse(data: Self.fullUser), dialect: dialect), method: "GET", path: "/2/users/me", status: "200")
        expect(try Self.decodedPaths(XResponse(data: CreateTweet.Created(id: "1", text: "t")), dialect: dialect), method: "POST", path: "/2/tweets", status: "201")
        expect(try Self.decodedPaths(XResponse(data: LikeTweet.Liked(liked: true)), dialect: dialect), method: "POST", path: "/2/users/42/likes", status: "200")
        let uploaded = UploadXMedia.Uploaded(id: "1", mediaKey: "3_1", size: 1, processingInfo: .init(state: "succeeded"))
        expect(try Self.decodedPaths(XResponse(data: uploaded), dialect: dialect), method: "POST", path: "/2/media/upload", status: "200")
        expect(
            try Self.decodedPaths(XResponse(data: CreateXMediaMetadata.Associated(id: "1")), dialect: dialect), method: "POST",
            path: "/2/media/metadata", status: "200")
        // The refusal the client reads to learn the dialect: 2.159's errors[].parameters and
        // message; 2.167's parameter and value on the problem.
        let invalid = document.resolve(["$ref": "#/components/schemas/InvalidRequestProblem"])
        let refusalPaths: [[String]] = dialect == .tweetFields
            ? [["errors", "[]", "message"], ["errors", "[]", "parameters"], ["detail"], ["title"], ["type"]]
            : [["parameter"], ["value"], ["detail"], ["title"], ["type"]]
        for keyPath in refusalPaths {
            checked += 1
            if !document.hasPath(keyPath, in: invalid) { missing.append("InvalidRequestProblem: \(keyPath.joined(separator: "."))") }
        }
        // A post `GET /2/tweets?ids=` does not find: an errors[] entry, a ResourceNotFoundProblem.
        expect(listPaths.filter { $0.first != "meta" }, method: "GET", path: "/2/tweets", status: "200")
        let notFound = document.resolve(["$ref": "#/components/schemas/ResourceNotFoundProblem"])
        for keyPath in [["type"], ["resource_id"], ["resource_type"], ["value"]] {
            checked += 1
            if !document.hasPath(keyPath, in: notFound) { missing.append("ResourceNotFoundProblem: \(keyPath.joined(separator: "."))") }
        }
        print("XConformanceTests: \(checked) decoded key paths checked against x-openapi-\(document.version).json: \(missing.count) missing")
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    @Test("what FakeX accepts in each dialect is what the document declares", arguments: XFieldDialect.allCases)
    func fakeVocabulary(dialect: XFieldDialect) throws {
        guard let document = try Self.document(dialect) else { return }
        let routes: [(FakeXRoute, String)] = [
            (.me, "/2/users/me"), (.timeline(.userTweets, userID: "42"), "/2/users/42/tweets"),
            (.timeline(.liked, userID: "42"), "/2/users/42/liked_tweets"), (.timeline(.mentions, userID: "42"), "/2/users/42/mentions"),
            (.timeline(.home, userID: "42"), "/2/users/42/timelines/reverse_chronological"), (.lookup, "/2/tweets"),
        ]
        for (route, path) in routes {
            let operation = try #require(document.operation(method: "GET", path: path)?.operation)
            let declared = Set(document.parameters(of: operation, in: "query").keys).union(document.parameters(of: operation, in: "path").keys)
            #expect(Set(FakeXQuery.parameters(route, dialect: dialect)) == declared, "\(path)")
            let query = document.parameters(of: operation, in: "query")
            for name in [dialect.fieldsParameter, "expansions", "user.fields", "media.fields"] {
                let accepted = try #require(FakeXQuery.values(of: name, route: route, dialect: dialect))
                if accepted.isEmpty { continue }
                let parameter = try #require(query[name], "\(path) \(name)")
                #expect(document.checkQueryValue(accepted.joined(separator: ","), parameter: parameter, at: name).isEmpty, "\(path) \(name)")
            }
        }
    }
}
