import FakeHTTP
import Foundation
import MisskeyAPI

/// The drive as Misskey keeps it: `drive/files/create` read as `ApiCallService.handleMultipartRequest`
/// reads it (multipart or a bare 400; one file, larger than `maxFileSize` a bare 413; the token from
/// `Authorization: Bearer` or the form's `i`; booleans cast from their text, else `INVALID_PARAM`),
/// then the endpoint (`comment` at most 512 characters, a valid name, the drive's capacity,
/// a file already held answered as it is unless `force`); files served at `/files/<id>`.
extension FakeMisskeyWorld {
    /// `DB_MAX_IMAGE_COMMENT_LENGTH`.
    static let commentLimit = 512
    /// The role policy `driveCapacityMb`'s default: 100 MB a user.
    static let driveCapacity = 100 * 1_024 * 1_024

    /// The answer, and the caller when its token was good.
    mutating func upload(_ request: HTTPRequest, endpoint: FakeMisskeyEndpoint, now: Date) -> (HTTPResponse, String?) {
        guard let form = MultipartForm(contentType: request.headers["content-type"], body: request.body),
            let file = form.parts.first(where: { $0.filename != nil })
        else { return (.text(400, ""), nil) }
        if form.parts.filter({ $0.filename != nil }).count > 1 || file.data.count > maxFileSize { return (.text(413, ""), nil) }
        var fields: [String: String] = [:]
        for part in form.parts where part.filename == nil { fields[part.name] = String(decoding: part.data, as: UTF8.self) }
        var secret: String?
        if let header = request.headers["authorization"], header.hasPrefix("Bearer ") {
            secret = String(header.dropFirst(7))
        } else {
            secret = fields["i"]
        }
        var user: FakeMisskeyUser?
        var token: FakeMisskeyToken?
        if let secret {
            guard let found = tokens[secret], let owner = users[found.userId] else { return (FakeMisskeyError.authenticationFailed.response, nil) }
            token = found
            user = owner
        }
        do throws(FakeMisskeyError) {
            try checkAccess(endpoint, user: user, token: token, now: now)
            guard let user else { throw .credentialRequired }
            let isSensitive = try Self.cast("isSensitive", fields["isSensitive"]) ?? false
            let force = try Self.cast("force", fields["force"]) ?? false
            if let folder = fields["folderId"], folder.isEmpty || !folder.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                throw .invalidParam("folderId", keyword: "format", reason: "must match format \"misskey:id\"")
            }
            let comment = fields["comment"]
            if let comment, comment.count > Self.commentLimit {
                throw .invalidParam("comment", keyword: "maxLength", reason: "must NOT have more than \(Self.commentLimit) characters")
            }
            let name = (fields["name"] ?? file.filename ?? "").trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, name.count > 200 || name.contains("/") || name.contains("\\") || name.contains("..") { throw .invalidFileName }
            if !force, let held = driveFiles.values.first(where: { $0.userId == user.id && $0.data == file.data }) {
                return (.json(200, held.pack(baseURL: baseURL)), user.id)
            }
            let used = driveFiles.values.filter { $0.userId == user.id }.reduce(0) { $0 + $1.data.count }
            if used + file.data.count > Self.driveCapacity { throw .noFreeSpace }
            let stored = addDriveFile(
                userId: user.id, name: name.isEmpty ? "untitled" : name, data: file.data, comment: comment, isSensitive: isSensitive,
                at: now)
            uploads.append(stored.id)
            return (.json(200, stored.pack(baseURL: baseURL)), user.id)
        } catch {
            return (error.response, user?.id)
        }
    }

    /// A form field cast as `ApiCallService.call` casts it for a boolean parameter (`JSON.parse`).
    static func cast(_ name: String, _ text: String?) throws(FakeMisskeyError) -> Bool? {
        guard let text else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw .invalidParam(name, keyword: "type", reason: "cannot cast to boolean")
        }
    }

    /// Stores a file in `userId`'s drive.
    mutating func addDriveFile(userId: String, name: String, data: Data, comment: String?, isSensitive: Bool, at date: Date)
        -> FakeMisskeyDriveFile
    {
        let size = FakeMisskeyDriveFile.pngSize(data)
        let file = FakeMisskeyDriveFile(
            id: ids.make(at: date), userId: userId, name: name, type: FakeMisskeyDriveFile.detectedType(data), data: data,
            comment: comment.flatMap { $0.isEmpty ? nil : $0 }, isSensitive: isSensitive, width: size?.width, height: size?.height)
        driveFiles[file.id] = file
        return file
    }

    /// `notes/create`'s `fileIds`: each a file of the caller's own drive, else `NO_SUCH_FILE`.
    func ownFiles(_ ids: [String], of user: FakeMisskeyUser) throws(FakeMisskeyError) -> [String] {
        for id in ids where driveFiles[id]?.userId != user.id { throw .noSuchFile }
        return ids
    }

    /// `GET /files/<id>`: a drive file, no token needed; 404 once removed.
    func servedFile(_ path: String) -> HTTPResponse {
        guard let file = driveFiles[String(path.dropFirst("/files/".count))], !removedFiles.contains(file.id) else {
            return .text(404, "Not Found")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", file.type)], body: file.data)
    }
}
