import Foundation
import MirrorBot
import MastodonAPI

/// Turns an outbox note into a stored `Post`.
///
/// Ids: the status id at the end of the note's URL (`…/statuses/1234` → `1234`),
/// the id the API gives the same status, so a later `train` does not store it twice.
///
/// Replies: the export names people by actor URL (`https://host/users/bob`),
/// while the API names them by numeric account id, which the export lacks.
/// A reply therefore keeps the actor URL as `inReplyToUserID` and the account's
/// `acct` (`bob`, or `bob@other.host` when remote) as `inReplyToScreenName`;
/// the reply picker falls back to that name for such rows.
enum MastodonOutboxPost {
    static func post(from note: MastodonOutboxNote, actor: String?) -> Post? {
        guard let published = note.published.flatMap(MastodonDate.parse) else { return nil }
        let text = MastodonHTML.plainText(note.content ?? "")
        var post = Post(id: statusID(note.id), text: text, createdAt: published)
        if let target = note.inReplyTo {
            post.inReplyToPostID = answeredID(target, home: actor)
            let mentions = note.tag.filter { $0.type == "Mention" }
            // The mentioned actor whose URL the replied-to status lives under, else the first mention.
            let mention = mentions.first { $0.href.map { target.hasPrefix($0 + "/") } ?? false } ?? mentions.first
            if let mention, let href = mention.href {
                post.inReplyToUserID = href
                post.inReplyToScreenName = mention.name.map { String($0.drop { $0 == "@" }) } ?? acct(of: href, home: actor)
            } else {
                // No mention: a reply in the human's own thread, or to an unknown author.
                let owner = actorURL(of: target) ?? target
                post.inReplyToUserID = owner
                post.inReplyToScreenName = acct(of: owner, home: actor)
            }
        }
        return post
    }

    /// `https://host/users/alice/statuses/1234` → `1234`; other ids as given.
    static func statusID(_ url: String) -> String {
        guard let range = url.range(of: "/statuses/") else { return url }
        let tail = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return tail.isEmpty ? url : String(tail)
    }

    /// The replied-to status as `in_reply_to_id` would name it: its id when it lives on the
    /// human's server (`https://home/users/bob/statuses/1234` → `1234`), else its URI as given
    /// (another server's id is not this server's, and is no snowflake to read a time from).
    static func answeredID(_ target: String, home actor: String?) -> String {
        guard let host = URL(string: target)?.host, host == actor.flatMap({ URL(string: $0)?.host }) else { return target }
        let id = statusID(target)
        return !id.isEmpty && id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) ? id : target
    }

    /// `https://host/users/alice/statuses/1` → `https://host/users/alice`.
    static func actorURL(of statusURL: String) -> String? {
        statusURL.range(of: "/statuses/").map { String(statusURL[..<$0.lowerBound]) }
    }

    /// `https://host/users/bob` → `bob` on the human's host, `bob@host` elsewhere.
    static func acct(of actorURL: String, home: String?) -> String? {
        guard let url = URL(string: actorURL), let host = url.host, url.pathComponents.count >= 3,
            url.pathComponents[url.pathComponents.count - 2] == "users"
        else { return nil }
        let name = url.lastPathComponent
        return home.flatMap { URL(string: $0)?.host } == host ? name : "\(name)@\(host)"
    }
}
