import Foundation
import MirrorBot

/// One thing the bot did or decided, as the status page lists it: what, about
/// whom or which slot, the text, and why.
public struct StatusAction: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case posted, wouldPost = "would post", slotSkipped = "slot skipped", postRefused = "post refused"
        case replied, wouldReply = "would reply", silent, replySkipped = "reply skipped", replyRefused = "reply refused"
        case liked, wouldLike = "would like", likeSkipped = "like skipped", likeRefused = "like refused"
        case likesUnavailable = "likes unavailable"
        case optedOut = "opted out", copyDeleted = "copy deleted"
        case budgetReached = "budget reached"
    }

    /// On the bot's clock.
    public var at: Date
    public var loop: String
    public var kind: Kind
    /// Whom or what it concerns: `slot 07:40`, `@friend`.
    public var subject: String
    /// The text posted or replied, if any (outside input: escaped when shown).
    public var text: String?
    public var reason: String?
    /// The alt texts of the pictures a post carried, in order (nil: one without); empty when none.
    public var pictures: [String?] = []
}
