import Foundation
import MirrorBot

extension MastodonOutbox {
    /// The posts of the outbox, checked whole before anything is stored: boosts
    /// counted as retweets, followers-only, direct and content-warned notes counted
    /// as skipped, other activities ignored.
    ///
    /// A malformed item (an activity without a type, a `Create` whose object is no
    /// readable note, a note without content or without a valid published date)
    /// is an `InputError` naming `file` and the item, as a malformed X archive
    /// entry is: it is checked before its visibility, so it is never counted as skipped.
    /// A published date outside `dates` is refused too.
    func posts(file: String, dates: PlausibleDates) throws -> (collector: PostCollector, privateSkipped: Int) {
        var collector = PostCollector()
        var privateSkipped = 0
        for (index, item) in orderedItems.enumerated() {
            func refuse(_ message: String) -> InputError {
                InputError(file: file, position: "orderedItems[\(index)]", message: message)
            }
            let activity: MastodonOutboxActivity
            switch item.activity {
            case .success(let decoded): activity = decoded
            case .failure(let error): throw refuse("the activity cannot be read: \(error.inputMessage)")
            }
            switch activity.type {
            case "Announce":
                collector.countRetweet()
            case "Create":
                let note: MastodonOutboxNote
                switch activity.object {
                case .note(let decoded): note = decoded
                case .malformed(let error): throw refuse("the Create activity's note cannot be read: \(error.inputMessage)")
                case .none, .reference: throw refuse("the Create activity carries no note")
                }
                guard note.content != nil else { throw refuse("the note \(note.id) has no \"content\"") }
                guard let post = MastodonOutboxPost.post(from: note, actor: activity.actor ?? actor) else {
                    let published = note.published.map { "\"\($0)\" is not" } ?? "missing:"
                    throw refuse("the note \(note.id) has no valid published date (\(published) an ISO 8601 date like \"2023-01-01T12:00:00Z\")")
                }
                if let refusal = dates.refusal(post.createdAt) {
                    throw refuse("the note \(note.id) was published \"\(note.published ?? "")\", \(refusal)")
                }
                guard note.isRepostable else {
                    privateSkipped += 1
                    continue
                }
                collector.add(post)
            default:
                continue
            }
        }
        return (collector, privateSkipped)
    }
}
