import Dispatch
import Foundation

extension FakeBlueskyServer {
    /// Runs each scheduled post or like at its time from now, on `queue`: a post gets its
    /// record key, `createdAt` and facets when it appears, and shows in feeds and
    /// notifications from then on. `onDone` sees each entry with the URI of the new post
    /// (for a like, of the post liked). Nothing happens after the server is released.
    public func schedule(
        _ entries: [FakeBlueskySeed.Scheduled], on queue: DispatchQueue = .global(),
        onDone: (@Sendable (FakeBlueskySeed.Scheduled, String) -> Void)? = nil
    ) {
        runEach(entries, after: \.afterSeconds, on: queue) { server, entry in
            if let subject = entry.like {
                server.addLike(did: entry.did, of: subject)
                onDone?(entry, subject)
            } else if let text = entry.text {
                onDone?(entry, server.addPost(did: entry.did, text: text, replyTo: entry.replyTo))
            }
        }
    }
}
