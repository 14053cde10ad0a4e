import FakeHTTP
import Foundation
import MisskeyAPI

/// An error the fake answers with, in Misskey's shape and with Misskey's ids and status codes
/// (`packages/backend/src/server/api/ApiCallService.ts`, the endpoints' `meta.errors`).
struct FakeMisskeyError: Error, Sendable {
    var status: Int
    var code: String
    var id: String
    var message: String
    var kind = "client"
    var info: MisskeyErrorBody.Info?
    var headers: [(name: String, value: String)] = []

    var response: HTTPResponse {
        var response = HTTPResponse.json(
            status, MisskeyErrorBody(error: .init(message: message, code: code, id: id, kind: kind, info: info)))
        response.headers += headers
        return response
    }

    static func invalidParam(_ param: String, keyword: String, reason: String) -> Self {
        Self(
            status: 400, code: "INVALID_PARAM", id: "3d81ceae-475f-4600-b2a8-2bc116157532", message: "Invalid param.",
            info: .init(param: "#/properties/\(param)/\(keyword)", reason: reason))
    }

    static func missingParam(_ param: String) -> Self {
        Self(
            status: 400, code: "INVALID_PARAM", id: "3d81ceae-475f-4600-b2a8-2bc116157532", message: "Invalid param.",
            info: .init(param: "#/required", reason: "must have required property '\(param)'"))
    }

    static let credentialRequired = Self(
        status: 401, code: "CREDENTIAL_REQUIRED", id: "1384574d-a912-4b81-8601-c7b1c4085df1", message: "Credential required.",
        headers: [("WWW-Authenticate", "Bearer realm=\"Misskey\"")])

    static let authenticationFailed = Self(
        status: 401, code: "AUTHENTICATION_FAILED", id: "b0a7f5f8-dc2f-4171-b91f-de88ad238e14",
        message: "Authentication failed. Please ensure your token is correct.",
        headers: [("WWW-Authenticate", "Bearer realm=\"Misskey\", error=\"invalid_token\", error_description=\"Authentication failed. Please ensure your token is correct.\"")])

    static let permissionDenied = Self(
        status: 403, code: "PERMISSION_DENIED", id: "1370e5b7-d4eb-4566-bb1d-7748ee6a1838",
        message: "Your app does not have the necessary permissions to use this endpoint.", kind: "permission")

    static func rateLimited(resetAt: Date, now: Date) -> Self {
        let seconds = max(0, Int((resetAt.timeIntervalSince(now)).rounded(.up)))
        return Self(
            status: 429, code: "RATE_LIMIT_EXCEEDED", id: "d5826d14-3982-4d2e-8011-b9e9f02499ef",
            message: "Rate limit exceeded. Please try again later.", info: .init(resetMs: (resetAt.timeIntervalSince1970 * 1000).rounded()),
            headers: [("Retry-After", String(seconds))])
    }

    /// misskey.io: the same `notes/create` body while the first is still being made (HTTP 202).
    /// The code and status are misskey.io's; the id and message here are the fake's own (clients read the code).
    static let processing = Self(
        status: 202, code: "PROCESSING", id: "cc6a0d38-5cb4-4d4c-9fc0-ac8a1ba0db36", message: "We are processing your request. Please wait.")

    static let noSuchUser = Self(status: 404, code: "NO_SUCH_USER", id: "4362f8dc-731f-4ad8-a694-be5a88922a24", message: "No such user.")
    static let noSuchUserForNotes = Self(status: 400, code: "NO_SUCH_USER", id: "27e494ba-2ac2-48e8-893b-10d4d8c2387b", message: "No such user.")
    static let bothWithRepliesAndWithFiles = Self(
        status: 400, code: "BOTH_WITH_REPLIES_AND_WITH_FILES", id: "91c8cb9f-36ed-46e7-9ca2-7df96ed6e222",
        message: "Specifying both withReplies and withFiles is not supported")
    static let reactionsNotPublic = Self(
        status: 400, code: "REACTIONS_NOT_PUBLIC", id: "673a7dd2-6924-1093-e0c0-e68456ceae5c", message: "Reactions of the user is not public.")
    static let noSuchNoteToReact = Self(status: 400, code: "NO_SUCH_NOTE", id: "033d0620-5bfe-4027-965d-980b0c85a3ea", message: "No such note.")
    /// `notes/show`'s and `notes/delete`'s own `noSuchNote` (each endpoint has its own id).
    static let noSuchNoteToShow = Self(status: 400, code: "NO_SUCH_NOTE", id: "24fcbfc6-2e37-42b6-8388-c29b3861a08d", message: "No such note.")
    static let noSuchNoteToDelete = Self(status: 400, code: "NO_SUCH_NOTE", id: "490be23f-8c1f-4796-819f-94cb4f9d1630", message: "No such note.")
    static let accessDenied = Self(status: 400, code: "ACCESS_DENIED", id: "fe8d7103-0ea8-4ec3-814d-f8b401dc69e9", message: "Access denied.")
    static let alreadyReacted = Self(
        status: 400, code: "ALREADY_REACTED", id: "71efcf98-86d6-4e2b-b2ad-9d032369366b", message: "You are already reacting to that note.")
    static let cannotReactToRenote = Self(
        status: 400, code: "CANNOT_REACT_TO_RENOTE", id: "eaccdc08-ddef-43fe-908f-d108faad57f5", message: "You cannot react to Renote.")
    static let noSuchReplyTarget = Self(
        status: 400, code: "NO_SUCH_REPLY_TARGET", id: "749ee0f6-d3da-459a-bf02-282e2da4292c", message: "No such reply target.")
    static let noSuchRenoteTarget = Self(
        status: 400, code: "NO_SUCH_RENOTE_TARGET", id: "b5c90186-4ab0-49c8-9bba-a1f76c282ba4", message: "No such renote target.")
    static let textRequired = Self(
        status: 400, code: "INVALID_PARAM", id: "3d81ceae-475f-4600-b2a8-2bc116157532", message: "Invalid param.",
        info: .init(param: "#/anyOf", reason: "must match a schema in anyOf"))
    static let cannotReplyToPureRenote = Self(
        status: 400, code: "CANNOT_REPLY_TO_A_PURE_RENOTE", id: "3ac74a84-8fd5-4bb0-870f-01804f82ce15",
        message: "You can not reply to a pure Renote.")
    /// misskey.io only (MisskeyIO/misskey `notes/create.ts`): a bot replying to a bot.
    static let replyToBotNotAllowed = Self(
        status: 400, code: "REPLY_TO_BOT_NOT_ALLOWED", id: "66819f28-9525-389d-4b0a-4974363fbbbf",
        message: "Replying to another bot account is not allowed.")
    /// `notes/create`: a `fileIds` entry that is not a file of the caller's drive.
    static let noSuchFile = Self(status: 400, code: "NO_SUCH_FILE", id: "b6992544-63e7-67f0-fa7f-32444b1b5306", message: "Some files are not found.")
    /// `drive/files/create`'s own errors.
    static let invalidFileName = Self(
        status: 400, code: "INVALID_FILE_NAME", id: "f449b209-0c60-4e51-84d5-29486263bfd4", message: "Invalid file name.")
    static let noFreeSpace = Self(
        status: 400, code: "NO_FREE_SPACE", id: "d08dbc37-a6a9-463a-8c47-96c32ab5f064",
        message: "Cannot upload the file because you have no free space of drive.")
    /// No such `/api/*` endpoint.
    static let unknownEndpoint = Self(
        status: 404, code: "UNKNOWN_API_ENDPOINT", id: "2ca3b769-540a-4f08-9dd5-b5a825b6d0f1", message: "Unknown API endpoint.")
}
