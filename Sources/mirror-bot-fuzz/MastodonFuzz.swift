import Foundation
@testable import MastodonAPI
import MirrorBot
import MirrorBotImport
@testable import MirrorBotMastodon

extension FuzzTarget {
    /// A Mastodon export's `outbox.json`, read and checked as `mirror-bot import` does.
    static let mastodonOutbox = FuzzTarget(name: "mastodon-outbox", about: "outbox.json: MastodonOutbox, its activities and notes") { bytes in
        expectingInputErrors {
            let outbox = try ArchiveImporter.decode(MastodonOutbox.self, from: Data(bytes), file: "outbox.json")
            var reading = try outbox.posts(file: "outbox.json", dates: .mastodon(now: fuzzNow))
            let none = reading.nothingImportable
            fuzzCheck(none == nil || reading.collector.posts.isEmpty, "\"nothing importable\" with posts to store")
            fuzzCheck(reading.items == (outbox.orderedItems?.count ?? 0), "items counted apart from orderedItems")
            for post in reading.collector.takeNewest(nil).posts { exercise(post) }
        }
    }

    /// Status HTML to the text its author wrote. Text with no tag and no entity is kept as is.
    static let mastodonHTML = FuzzTarget(name: "mastodon-html", about: "MastodonHTML.plainText, HTMLEntity") { bytes in
        let html = text(bytes)
        let plain = MastodonHTML.plainText(html)
        if !html.contains("<") && !html.contains("&") {
            fuzzCheck(plain == html, "text without tags or entities changed: \(html.debugDescription) -> \(plain.debugDescription)")
        }
    }
}
