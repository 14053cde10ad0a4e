import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport

extension MastodonOutbox {
    /// What reading the outbox found, item by item.
    struct Reading {
        var collector = PostCollector()
        /// Items in `orderedItems` (`totalItems` is not trusted).
        var items = 0
        /// `Create` activities carrying a note or poll.
        var notes = 0
        /// Followers-only and direct notes.
        var privateSkipped = 0
        /// Items of any other type (`Like`, `Follow`, `Update`, …), by type.
        var otherTypes: [String: Int] = [:]
        /// Attachments of kept notes found in `media_attachments/`.
        var mediaFound = 0
        /// Those the export lacks: (note id, the attachment's url as the outbox names it).
        var mediaMissing: [(note: String, url: String)] = []
    }

    /// The posts of the outbox, checked whole before anything is stored: boosts
    /// counted as retweets, followers-only and direct notes counted as skipped, content-warned
    /// ones kept with their warning and counted, notes with media and no text counted as empty, other activities
    /// counted by type.
    ///
    /// A malformed item (an activity without a type, a `Create` whose object is no
    /// readable note, a note without content, attachments or a valid published date)
    /// is an `InputError` naming `file` and the item, as a malformed X archive
    /// entry is: it is checked before its visibility, so it is never counted as skipped.
    /// A published date outside `dates` is refused too.
    func posts(file: String, dates: PlausibleDates) throws -> Reading {
        var reading = Reading()
        let files = MastodonExportMedia(folder: URL(fileURLWithPath: file).deletingLastPathComponent())
        for (index, item) in (orderedItems ?? []).enumerated() {
            reading.items += 1
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
                reading.collector.countRetweet()
            case "Create":
                let note: MastodonOutboxNote
                switch activity.object {
                case .note(let decoded): note = decoded
                case .malformed(let error): throw refuse("the Create activity's note cannot be read: \(error.inputMessage)")
                case .none, .reference: throw refuse("the Create activity carries no note")
                }
                reading.notes += 1
                guard note.content != nil else { throw refuse("the note \(note.id) has no \"content\"") }
                guard let post = MastodonOutboxPost.post(from: note, actor: activity.actor ?? actor) else {
                    let published = note.published.map { "\"\($0)\" is not" } ?? "missing:"
                    throw refuse("the note \(note.id) has no valid published date (\(published) an ISO 8601 date like \"2023-01-01T12:00:00Z\")")
                }
                if let refusal = dates.refusal(post.createdAt) {
                    throw refuse("the note \(note.id) was published \"\(note.published ?? "")\", \(refusal)")
                }
                guard note.isPublic else {
                    reading.privateSkipped += 1
                    continue
                }
                var warned = post
                warned.warning = note.warning
                // A missing file leaves the picture unfetchable: the post is kept (its text may
                // go under POST_MEDIA=text), never posted without the picture under carry.
                let found = files.media(of: note)
                warned.media = found.media
                reading.mediaFound += found.media.count - found.missing.count
                reading.mediaMissing += found.missing.map { (note.id, $0) }
                reading.collector.add(warned)
            default:
                reading.otherTypes[activity.type, default: 0] += 1
            }
        }
        return reading
    }
}

extension MastodonOutbox.Reading {
    /// Why nothing can be imported, when items were found and none is a post to keep
    /// ("1,586 items, 0 of them notes (1,586 Like)"); nil when something can.
    var nothingImportable: String? {
        guard items > 0, collector.posts.isEmpty, collector.duplicates == 0 else { return nil }
        var found: [String] = []
        if collector.retweets > 0 { found.append("\(collector.retweets.grouped) boosts") }
        if privateSkipped > 0 { found.append("\(privateSkipped.grouped) followers-only or direct") }
        if collector.empty > 0 { found.append("\(collector.empty.grouped) without text") }
        for (type, count) in otherTypes.sorted(by: { $0.key < $1.key }) { found.append("\(count.grouped) \(type)") }
        let detail = found.isEmpty ? "" : " (\(found.joined(separator: ", ")))"
        return notes == 0
            ? "\(items.grouped) items, 0 of them notes\(detail): nothing to import"
            : "\(items.grouped) items, \(notes.grouped) of them notes, none importable\(detail)"
    }
}
