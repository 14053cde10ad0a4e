import APIClientCore
import FakeHTTP
import FakeMisskey
import Foundation
import MisskeyAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("FakeMisskey takes uploads as Misskey does: drive/files/create, then notes/create with fileIds")
struct FakeMisskeyDriveTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 7, 7])

    /// A raw `drive/files/create` with `body` sent as `contentType`: status, error code, body.
    static func upload(_ fixture: FakeMisskeyFixture, _ body: RequestBody, token: String?) async throws -> (status: Int, code: String?, body: Data) {
        try await upload(fixture, body.data, contentType: body.contentType, token: token)
    }

    static func upload(_ fixture: FakeMisskeyFixture, _ body: Data, contentType: String, token: String?) async throws -> (status: Int, code: String?, body: Data) {
        var request = URLRequest(url: fixture.server.baseURL.appendingPathComponent("api/drive/files/create"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let code = (try? JSONDecoder().decode(MisskeyErrorBody.self, from: data))?.error.code
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, code, data)
    }

    static func form(_ fields: [(name: String, value: String)], data: Data = png) -> RequestBody {
        .multipart(fields: fields, file: .init(name: "file", filename: "a.png", contentType: "image/png", data: data))
    }

    @Test("an upload answers the file packed (type read from the bytes, alt text, flag) and is served at its URL without a token")
    func uploaded() async throws {
        let fixture = try FakeMisskeyFixture()
        let file = try await fixture.client(fixture.bot.token).send(UploadDriveFile(
            data: Self.png, contentType: "application/octet-stream", filename: "a.png", comment: "夕日", isSensitive: true))
        #expect(file.type == "image/png")
        #expect(file.comment == "夕日")
        #expect(file.isSensitive == true)
        #expect(file.size == Self.png.count)
        let url = try #require(file.url.flatMap(URL.init(string:)))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(data == Self.png)
    }

    @Test("what Misskey refuses: not multipart (400), no file (400), over maxFileSize (413), no token (401), no write:drive (403), a comment over 512 (INVALID_PARAM), a flag that is no boolean")
    func refusals() async throws {
        let fixture = try FakeMisskeyFixture()
        let token = fixture.bot.token
        #expect(try await fixture.post("drive/files/create", #"{"comment":"x"}"#, token: token).status == 400)
        let noFile = Data("--b\r\nContent-Disposition: form-data; name=\"comment\"\r\n\r\nx\r\n--b--\r\n".utf8)
        #expect(try await Self.upload(fixture, noFile, contentType: "multipart/form-data; boundary=b", token: token).status == 400)
        fixture.server.setMaxFileSize(4)
        #expect(try await Self.upload(fixture, Self.form([]), token: token).status == 413)
        fixture.server.setMaxFileSize(262_144_000)
        let anonymous = try await Self.upload(fixture, Self.form([]), token: nil)
        #expect(anonymous.status == 401 && anonymous.code == "CREDENTIAL_REQUIRED")
        let limited = fixture.server.addToken(userId: fixture.bot.id, permissions: ["read:account", "write:notes"])
        let denied = try await Self.upload(fixture, Self.form([]), token: limited)
        #expect(denied.status == 403 && denied.code == "PERMISSION_DENIED")
        let long = try await Self.upload(fixture, Self.form([("comment", String(repeating: "a", count: 513))]), token: token)
        #expect(long.status == 400 && long.code == "INVALID_PARAM")
        let flag = try await Self.upload(fixture, Self.form([("isSensitive", "yes")]), token: token)
        #expect(flag.status == 400 && flag.code == "INVALID_PARAM")
        #expect(fixture.server.uploads.isEmpty)
        // The form's `i` is a token too, when no header is sent.
        #expect(try await Self.upload(fixture, Self.form([("i", token), ("force", "true")]), token: nil).status == 200)
    }

    @Test("the same bytes again without force answer the file already held (its old alt text); with force a new file")
    func force() async throws {
        let fixture = try FakeMisskeyFixture()
        let client = fixture.client(fixture.bot.token)
        let first = try await Self.upload(fixture, Self.form([("comment", "old")]), token: fixture.bot.token)
        let again = try await Self.upload(fixture, Self.form([("comment", "new")]), token: fixture.bot.token)
        let held = try JSONDecoder().decode(MisskeyDriveFile.self, from: again.body)
        #expect(held == (try JSONDecoder().decode(MisskeyDriveFile.self, from: first.body)))
        #expect(held.comment == "old")
        let forced = try await client.send(UploadDriveFile(data: Self.png, contentType: "image/png", filename: "a.png", comment: "new", isSensitive: false))
        #expect(forced.id != held.id && forced.comment == "new")
    }

    @Test("notes/create attaches the caller's own files in order; another user's file is NO_SUCH_FILE, a repeated one INVALID_PARAM")
    func attach() async throws {
        let fixture = try FakeMisskeyFixture()
        let bot = fixture.client(fixture.bot.token)
        var ids: [String] = []
        for tag in [UInt8(1), 2, 3] {
            var data = Self.png
            data.append(tag)
            ids.append(try await bot.send(UploadDriveFile(data: data, contentType: "image/png", filename: "\(tag).png", comment: "\(tag)", isSensitive: false)).id)
        }
        let note = try await bot.send(CreateNote(text: nil, fileIds: [ids[2], ids[0], ids[1]])).createdNote
        #expect(note.files?.map(\.comment) == ["3", "1", "2"])
        #expect(note.fileIds == [ids[2], ids[0], ids[1]])
        let others = try await fixture.client(fixture.human.token).send(UploadDriveFile(
            data: Self.png, contentType: "image/png", filename: "h.png", comment: nil, isSensitive: false))
        await #expect(throws: MisskeyAPIError.self) { try await bot.send(CreateNote(text: "x", fileIds: [others.id])) }
        #expect(fixture.server.requests.last?.errorCode == "NO_SUCH_FILE")
        await #expect(throws: MisskeyAPIError.self) { try await bot.send(CreateNote(text: "x", fileIds: [ids[0], ids[0]])) }
        #expect(fixture.server.requests.last?.errorCode == "INVALID_PARAM")
    }

    @Test("uploads are limited on their own (120 an hour): the 121st waits out its Retry-After, notes go on meanwhile")
    func ownLimit() async throws {
        let fixture = try FakeMisskeyFixture()
        fixture.server.setRateLimit(endpoint: "drive/files/create", max: 2, duration: 3600)
        let bot = fixture.client(fixture.bot.token, maxWait: .seconds(1))
        for tag in [UInt8(1), 2] {
            _ = try await bot.send(UploadDriveFile(data: Self.png + [tag], contentType: "image/png", filename: "a.png", comment: nil, isSensitive: false))
        }
        await #expect(throws: MisskeyAPIError.self) {
            try await bot.send(UploadDriveFile(data: Self.png + [3], contentType: "image/png", filename: "a.png", comment: nil, isSensitive: false))
        }
        #expect(fixture.server.requests.contains { $0.endpoint == "POST /api/drive/files/create" && $0.status == 429 && $0.userId == fixture.bot.id })
        _ = try await bot.send(CreateNote(text: "まだ書ける"))
        #expect(fixture.server.uploads.count == 2)
    }

    @Test("a seed's note carries its files (fake-misskey --state): packed in order with their alt texts, served at their URLs; bad base64 is refused naming the note")
    func seeded() async throws {
        let server = FakeMisskeyServer()
        let data = Self.png.base64EncodedString()
        let json = #"{"users":[{"id":"a2gp3400user0001","username":"haru","token":"t0k3n"}],"notes":[{"id":"asrx5evcdemo0001","user_id":"a2gp3400user0001","text":"空","files":[{"name":"sky.png","comment":"青空","data_base64":"\#(data)"},{"name":"b.png","is_sensitive":true,"data_base64":"\#(data)"}]}]}"#
        try server.load(JSONDecoder().decode(FakeMisskeySeed.self, from: Data(json.utf8)))
        try server.start()
        defer { server.stop() }
        let files = server.files(ofNote: "asrx5evcdemo0001")
        #expect(files.map(\.comment) == ["青空", nil])
        #expect(files.map(\.isSensitive) == [false, true])
        let (served, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("files/" + files[0].id))
        #expect(served == Self.png)
        let bad = json.replacingOccurrences(of: data, with: "!!")
        #expect(throws: FakeSeedError.self) { try FakeMisskeyServer().load(JSONDecoder().decode(FakeMisskeySeed.self, from: Data(bad.utf8))) }
    }
}
