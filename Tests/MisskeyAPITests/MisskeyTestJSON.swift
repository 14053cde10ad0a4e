import Foundation

/// Notes and error bodies in Misskey's JSON, for scripted replies.
enum MisskeyTestJSON {
    static func user(_ id: String = "9zz00000aaaaaaaa", username: String = "human", isBot: Bool = false) -> String {
        #"{"id":"\#(id)","name":null,"username":"\#(username)","host":null,"isBot":\#(isBot),"isCat":false}"#
    }

    static func note(_ id: String, text: String? = "hello", userId: String = "9zz00000aaaaaaaa", visibility: String = "public", renoteId: String? = nil) -> String {
        let textJSON = text.map { #""\#($0)""# } ?? "null"
        let renote = renoteId.map { #""\#($0)""# } ?? "null"
        return #"{"id":"\#(id)","createdAt":"2026-12-01T10:00:00.000Z","text":\#(textJSON),"cw":null,"userId":"\#(userId)","user":\#(user(userId)),"replyId":null,"renoteId":\#(renote),"visibility":"\#(visibility)","reactions":{},"reactionCount":0,"renoteCount":0,"repliesCount":0}"#
    }

    static func notes(_ ids: [String]) -> String { "[" + ids.map { note($0) }.joined(separator: ",") + "]" }

    static func error(_ code: String, message: String = "error", kind: String = "client") -> String {
        #"{"error":{"message":"\#(message)","code":"\#(code)","id":"3d81ceae-475f-4600-b2a8-2bc116157532","kind":"\#(kind)"}}"#
    }
}
