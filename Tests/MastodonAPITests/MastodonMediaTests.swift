import APIClientCore
import Foundation
import MastodonAPI
import Testing

@Suite("Mastodon media: attachments read, uploads sent as multipart, media_ids posted in order")
struct MastodonMediaTests {
    @Test("a status's media_attachments are read in order: type, url, alt text, meta.original; a meta of another shape loses nothing else")
    func attachmentsRead() throws {
        // Shapes from docs.joinmastodon.org/entities/MediaAttachment.
        let json = """
            {"id":"110","created_at":"2026-01-02T03:04:05.678Z","content":"<p>sunset</p>","sensitive":true,
             "account":{"id":"1","username":"human","acct":"human"},
             "media_attachments":[
               {"id":"22345792","type":"image","url":"https://files.example/original/a.png","preview_url":"https://files.example/small/a.png",
                "meta":{"original":{"width":640,"height":480,"size":"640x480","aspect":1.3333333333333333},"small":{"width":461,"height":346}},
                "description":"A red sun over the sea","blurhash":"UFBWY:8_0Jxv4mx]t8t64.%M-:IUWGWAt6M}"},
               {"id":"22345793","type":"gifv","url":"https://files.example/original/b.mp4","meta":{"original":{"width":"wide"}},
                "description":null},
               {"id":"22345794","type":"audio","url":"https://files.example/original/c.mp3","meta":{"length":"0:01:28.65","original":{"duration":88.65}}}
             ]}
            """
        let status = try JSONDecoder().decode(MastodonStatus.self, from: Data(json.utf8))
        #expect(status.sensitive)
        #expect(status.mediaAttachments.map(\.type) == ["image", "gifv", "audio"])
        #expect(status.mediaAttachments.map(\.url) == ["https://files.example/original/a.png", "https://files.example/original/b.mp4", "https://files.example/original/c.mp3"])
        #expect(status.mediaAttachments[0].description == "A red sun over the sea")
        #expect(status.mediaAttachments[0].meta?.original == .init(width: 640, height: 480))
        #expect(status.mediaAttachments[1].description == nil)
        #expect(status.mediaAttachments[1].meta == nil)
        #expect(status.mediaAttachments[2].meta?.original == .init(width: nil, height: nil))
    }

    @Test("a status without media_attachments has none")
    func noAttachments() throws {
        let json = #"{"id":"1","created_at":"2026-01-02T03:04:05Z","content":"","account":{"id":"1","username":"h","acct":"h"}}"#
        #expect(try JSONDecoder().decode(MastodonStatus.self, from: Data(json.utf8)).mediaAttachments.isEmpty)
    }

    @Test("an upload still processing (202) has url null")
    func processing() throws {
        let json = #"{"id":"7","type":"image","url":null,"preview_url":"https://files.example/small/x.png","description":"alt"}"#
        let attachment = try JSONDecoder().decode(MastodonMediaAttachment.self, from: Data(json.utf8))
        #expect(attachment.url == nil)
        #expect(attachment.description == "alt")
    }

    @Test("an upload is multipart: the description, then the file with its name and MIME type")
    func uploadBody() throws {
        let upload = UploadMedia(data: Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png", filename: "a.png", description: "A \"red\" sun")
        #expect(upload.path == "/api/v2/media")
        #expect(upload.method == "POST")
        let body = try #require(try upload.requestBody)
        let boundary = try #require(body.contentType.components(separatedBy: "boundary=").last)
        #expect(body.contentType.hasPrefix("multipart/form-data; boundary="))
        var expected = Data("""
            --\(boundary)\r
            Content-Disposition: form-data; name="description"\r
            \r
            A "red" sun\r
            --\(boundary)\r
            Content-Disposition: form-data; name="file"; filename="a.png"\r
            Content-Type: image/png\r
            \r

            """.utf8)
        expected.append(Data([0x89, 0x50, 0x4E, 0x47]))
        expected.append(Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(body.data == expected)
    }

    @Test("media_ids[] go in order after the other fields; they change the Idempotency-Key")
    func postWithMedia() throws {
        let post = PostStatus(status: "", visibility: "unlisted", mediaIDs: ["3", "1", "2"])
        let form = post.form ?? []
        #expect(form.filter { $0.name == "media_ids[]" }.map(\.value) == ["3", "1", "2"])
        #expect(post.idempotencyKey != PostStatus(status: "", visibility: "unlisted", mediaIDs: ["4", "5", "6"]).idempotencyKey)
        #expect(PostStatus(status: "hi").idempotencyKey == PostStatus(status: "hi", mediaIDs: []).idempotencyKey)
        #expect(GetMedia(mediaID: "7").path == "/api/v1/media/7")
    }
}
