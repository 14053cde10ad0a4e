import Foundation

/// Picks the text of a planned post among the human's stored originals.
public protocol PostPicker: Sendable {
    /// A random original post within `window` minutes of `minute` (wrapping midnight),
    /// preferring texts never posted, else the one posted longest ago and not since `notSince`;
    /// never a text the network refused; a post behind a content warning or labelled sensitive
    /// only when `allowWarned` (the network carries the warning with it).
    /// Posts with media only as `media` allows (`MediaPick`); the post comes with its media.
    func pickPost(near minute: Int, window: Int, allowMentions: Bool, allowWarned: Bool, media: MediaPick, notSince: Date) async throws -> Post?
}

extension PostPicker {
    /// Posts with media picked for their text alone, as before media were stored.
    public func pickPost(near minute: Int, window: Int, allowMentions: Bool, allowWarned: Bool, notSince: Date) async throws -> Post? {
        try await pickPost(near: minute, window: window, allowMentions: allowMentions, allowWarned: allowWarned, media: .textOnly, notSince: notSince)
    }
}
